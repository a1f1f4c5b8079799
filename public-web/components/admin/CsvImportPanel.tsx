import { useState, type ChangeEvent } from "react";
import { CSV_TEMPLATE, CSV_TEMPLATE_FILENAME, INVALID_FILE, isCsvFile, parseStrictCsv, type StrictCsvResult } from "../../../shared/csv";
import { DEFAULT_EXPECTED_IMPORT_COUNT } from "../../../shared/constants";
import type { ResetImportResult } from "../../../shared/schemas/admin";
import { Field } from "../ui/Field";
import { ConfirmDialog } from "./ConfirmDialog";
import { CsvValidity } from "./CsvValidity";
import { downloadText } from "./download";

interface CsvImportPanelProps {
  /** Sends the rows and the key; resolves with the server's answer, rejects with a sentence to show. */
  onImport(csvData: Record<string, string>[], adminKey: string): Promise<ResetImportResult>;
  /** Overrides the Blob download of the template (the desktop app saves through its own dialog). */
  onDownloadTemplate?(): void;
  expectedCount?: number;
}

interface Chosen {
  fileName: string;
  /** Null when the file was not a CSV file at all. */
  result: StrictCsvResult | null;
}

/**
 * The CSV Import tab (SPEC §2, §4, §5): choose a file, see Valid or Invalid
 * with every problem, type the admin key, confirm, and the whole garden is
 * replaced. The reset button appears only when the file is valid, has
 * entries and a key is typed.
 */
export function CsvImportPanel({ onImport, onDownloadTemplate, expectedCount = DEFAULT_EXPECTED_IMPORT_COUNT }: CsvImportPanelProps) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [adminKey, setAdminKey] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setOutcome(null);
    if (!file) return setChosen(null);
    if (!isCsvFile(file)) return setChosen({ fileName: file.name, result: null });
    setChosen({ fileName: file.name, result: parseStrictCsv(await file.text(), expectedCount) });
  };

  const result = chosen?.result ?? null;
  const valid = chosen ? Boolean(result?.isValid) : null;
  const errors = chosen && !result ? [`${INVALID_FILE.title}: ${INVALID_FILE.message}`] : (result?.errors ?? []);
  const ready = Boolean(result?.isValid && result.entries.length > 0 && adminKey.trim());

  const run = async () => {
    if (!result) return;
    setRunning(true);
    try {
      const answer = await onImport(result.rows as Record<string, string>[], adminKey);
      setOutcome({ ok: true, message: answer.message });
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
        <input type="file" accept=".csv,text/csv" onChange={onFile} />
      </Field>
      <CsvValidity
        valid={valid}
        errors={errors}
        fileName={chosen?.fileName}
        summary={result ? `${result.entries.length} memorial flower entries ready to import.` : undefined}
      />
      <Field label="Admin Key (Required)" hint="The separate key for reset-and-import, given by whoever runs the server.">
        <input type="password" autoComplete="off" value={adminKey} onChange={(e) => setAdminKey(e.target.value)} />
      </Field>
      {ready ? (
        <div className="admin-actions">
          <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)} disabled={running}>
            Reset and Import {result?.entries.length} Flowers
          </button>
        </div>
      ) : null}
      {running ? (
        <div className="admin-progress" role="progressbar" aria-label="Importing memorial flowers" aria-valuetext="In progress">
          <span className="admin-progress__bar" />
        </div>
      ) : null}
      {outcome ? (
        <div className={`bulk-result ${outcome.ok ? "bulk-result--success" : "bulk-result--error"}`} role={outcome.ok ? "status" : "alert"}>
          <p>{outcome.message}</p>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Delete everything and import?"
        description={`This deletes ALL existing memorial flowers and comments, then imports the ${result?.entries.length ?? 0} entries of ${chosen?.fileName ?? "the file"}. It cannot be undone from here. A backup copy of the current garden is kept on the server.`}
        confirmLabel="Delete all and import"
        busy={running}
        onConfirm={run}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
