import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { CSV_TEMPLATE, CSV_TEMPLATE_FILENAME, csvFileTooLarge, INVALID_FILE, isCsvFile, type StrictAnalysis } from "../../../shared/csv";
import { formatDateTime } from "../../../shared/dates";
import type { ResetImportResult } from "../../../shared/schemas/admin";
import { Field } from "../ui/Field";
import { ConfirmDialog } from "./ConfirmDialog";
import { CsvEncodingNotice } from "./CsvFileNotes";
import { CsvReadProgress } from "./CsvReadProgress";
import { CsvValidity } from "./CsvValidity";
import { analyseInWorker, type AnalysisJob } from "./csvAnalysis";
import { downloadText } from "./download";
import { CONFIRM_RESET_IMPORT, CSV_TASK_PROGRESS, IN_PROGRESS } from "../../../shared/messages";

interface CsvImportPanelProps {
  /** Sends the rows and the key; resolves with the server's answer, rejects with a sentence to show. */
  onImport(csvData: Record<string, string>[], adminKey: string): Promise<ResetImportResult>;
  /** Overrides the Blob download of the template (the desktop app saves through its own dialog). */
  onDownloadTemplate?(): void;
  /** The rows the file must have: the server's setting, as it told the signed-in administrator. */
  expectedCount: number;
}

interface Chosen {
  fileName: string;
  /** Null when the file was not a CSV file at all. */
  result: StrictAnalysis | null;
  /** Why the file could not be read: too large, or not text. */
  unreadable?: string;
}

/**
 * The CSV Import tab: choose a file, see Valid or Invalid
 * with every problem, type the admin key, confirm, and the whole garden is
 * replaced. The reset button appears only when the file is valid, has
 * entries and a key is typed. The file is read in a worker with a progress
 * bar, so even a very large one leaves the page responsive.
 */
export function CsvImportPanel({ onImport, onDownloadTemplate, expectedCount }: CsvImportPanelProps) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [reading, setReading] = useState<{ fileName: string; fraction: number } | null>(null);
  const [adminKey, setAdminKey] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: true; answer: ResetImportResult } | { ok: false; message: string } | null>(null);
  const job = useRef<AnalysisJob | null>(null);
  useEffect(() => () => job.current?.cancel(), []);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // A new file starts afresh: the last import's result and the last file's verdict go.
    job.current?.cancel();
    job.current = null;
    setOutcome(null);
    setChosen(null);
    setReading(null);
    if (!file) return;
    if (!isCsvFile(file)) return setChosen({ fileName: file.name, result: null });
    const tooLarge = csvFileTooLarge(file.size);
    if (tooLarge) return setChosen({ fileName: file.name, result: null, unreadable: tooLarge.message });
    setReading({ fileName: file.name, fraction: 0 });
    // The job is the current one from the moment the file is chosen: a file chosen after it cancels it,
    // even before its bytes have come (awaiting them first, an earlier file's verdict could win).
    const started = analyseInWorker({ reader: "strict", source: { kind: "blob", blob: file }, expectedCount }, (fraction) =>
      setReading((r) => (r && job.current === started ? { ...r, fraction } : r)),
    );
    job.current = started;
    try {
      const analysis = await started.result;
      if (job.current !== started) return;
      if (!analysis.ok) setChosen({ fileName: file.name, result: null, unreadable: analysis.message });
      else if (analysis.reader === "strict") setChosen({ fileName: file.name, result: analysis });
    } catch (error) {
      if (job.current === started) setChosen({ fileName: file.name, result: null, unreadable: error instanceof Error ? error.message : String(error) });
    } finally {
      if (job.current === started) {
        job.current = null;
        setReading(null);
      }
    }
  };

  const result = chosen?.result ?? null;
  const valid = chosen ? Boolean(result?.valid) : null;
  const errors = chosen && !result ? [chosen.unreadable ?? `${INVALID_FILE.title}: ${INVALID_FILE.message}`] : (result?.errors ?? []);
  const ready = Boolean(result?.valid && result.rows && result.entryCount > 0 && adminKey.trim());

  const run = async () => {
    if (!result?.rows) return;
    setRunning(true);
    try {
      const answer = await onImport(result.rows, adminKey);
      setOutcome({ ok: true, answer });
      setAdminKey("");
    } catch (error) {
      setOutcome({ ok: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setRunning(false);
      setConfirming(false);
    }
  };

  return (
    <div className="csv-import">
      <p>
        Replace every memorial flower in the garden with the entries of a CSV file. The file needs the five columns First Name, Middle Name, Last Name, Date of
        Loss and Flower Type, and exactly {expectedCount} entries.
      </p>
      <div className="admin-actions">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => (onDownloadTemplate ? onDownloadTemplate() : downloadText(CSV_TEMPLATE, CSV_TEMPLATE_FILENAME))}
        >
          Download template
        </button>
      </div>
      <Field label="CSV file">
        <input type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e)} />
      </Field>
      {reading ? <CsvReadProgress fileName={reading.fileName} fraction={reading.fraction} /> : null}
      <CsvEncodingNotice notice={result?.notice ?? null} />
      <CsvValidity
        valid={valid}
        errors={errors}
        problemCount={result?.problemCount}
        fileName={chosen?.fileName}
        summary={result ? `${result.entryCount} memorial flower entries ready to import.` : undefined}
      />
      <Field label="Admin Key (Required)" hint="The separate key for reset-and-import, given by whoever runs the server.">
        <input type="password" autoComplete="off" value={adminKey} onChange={(e) => setAdminKey(e.target.value)} />
      </Field>
      {ready ? (
        <div className="admin-actions">
          <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)} disabled={running}>
            Reset and Import {result?.entryCount} Flowers
          </button>
        </div>
      ) : null}
      {running ? (
        <div className="admin-progress" role="progressbar" aria-label={CSV_TASK_PROGRESS.import} aria-valuetext={IN_PROGRESS}>
          <span className="admin-progress__bar" />
        </div>
      ) : null}
      {outcome?.ok ? (
        <div className="bulk-result bulk-result--success" role="status">
          <p>Successfully imported {outcome.answer.importedCount} memorial flowers.</p>
          <p>
            The previous garden was saved first, as the backup <strong>{outcome.answer.backup.name}</strong> taken on{" "}
            {formatDateTime(outcome.answer.backup.createdAt)}.
          </p>
        </div>
      ) : null}
      {outcome && !outcome.ok ? (
        <div className="bulk-result bulk-result--error" role="alert">
          <p>{outcome.message}</p>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Delete everything and import?"
        description={`This deletes ALL existing memorial flowers and comments, then imports the ${result?.entryCount ?? 0} entries of ${chosen?.fileName ?? "the file"}. It cannot be undone from here. A backup copy of the current garden is kept on the server.`}
        confirmLabel={CONFIRM_RESET_IMPORT}
        busy={running}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
