import { useCallback, useEffect, useId, useRef, useState } from "react";
import { BulkConflicts, type UpdateHeld } from "../../../public-web/components/admin/BulkConflicts";
import { BulkResult, type BulkStatus } from "../../../public-web/components/admin/BulkResult";
import { CsvPreviewTable } from "../../../public-web/components/admin/CsvPreviewTable";
import { FlowerTypesHint } from "../../../public-web/components/admin/FlowerTypesHint";
import { DuplicatesNotice } from "../../../public-web/components/admin/DuplicatesNotice";
import { CsvEncodingNotice, WorkingFromFile } from "../../../public-web/components/admin/CsvFileNotes";
import { CsvReadProgress } from "../../../public-web/components/admin/CsvReadProgress";
import { MAX_TEXT_IN_BOX, type FlexibleAnalysis } from "../../../shared/csv";
import { DEFAULT_EXPECTED_IMPORT_COUNT, LIMITS } from "../../../shared/constants";
import { newUploadKey, type BulkUpdateQuery } from "../../../shared/schemas/admin";
import { plural, verb } from "../../words";
import { desktop, useApp } from "../desktop";
import { CsvSource } from "../components/CsvSource";
import { useCsvReading, type CsvInput } from "../components/useCsvReading";
import { ProgressBar } from "../components/ProgressBar";
import { ResetImportPanel } from "./ResetImportPanel";

type Mode = "upload" | "update" | "reset";

const NO_TEXT: CsvInput = { kind: "text", text: "" };

/**
 * Bulk upload, bulk update and reset-and-import, all from one chosen or dropped CSV file (or text in
 * the box). The file is read by the web admin's reader, in a worker (useCsvReading), so its encoding,
 * notices and checks are the web admin's and a big file never freezes the window.
 */
export function CsvScreen() {
  const [mode, setMode] = useState<Mode>("upload");
  const [input, setInput] = useState<CsvInput>(NO_TEXT);
  const [fileName, setFileName] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  // Counts the files chosen or dropped: a result belongs to the file it was for, and a new file clears it.
  const [source, setSource] = useState(0);
  const [template, setTemplate] = useState<{ text: string; error: boolean } | null>(null);
  const modeName = useId();
  // The count the server is set to (it told this app at sign-in); the product's default until it is known.
  const expected = useApp((s) => s.status?.user?.expectedImportCount) ?? DEFAULT_EXPECTED_IMPORT_COUNT;
  const reading = useCsvReading(input, mode === "reset" ? "strict" : "flexible", expected);
  const { analysis, adopt } = reading;
  const text = input.kind === "text" ? input.text : "";
  const fromFile = input.kind === "text" ? input.fromFile : undefined;

  // A file once decoded is worked from as its text (shown in the box when it fits), keeping its reading.
  useEffect(() => {
    if (input.kind !== "file" || !analysis?.ok || analysis.text === null) return;
    const next: CsvInput = { kind: "text", text: analysis.text, fromFile: { name: input.name, size: input.bytes.byteLength, notice: analysis.notice } };
    adopt(next);
    setInput(next);
  }, [input, analysis, adopt]);

  const onFile = useCallback((bytes: Uint8Array, name: string) => {
    setError(null);
    setInput({ kind: "file", name, bytes });
    setFileName(name);
    setSource((n) => n + 1);
  }, []);
  const onError = useCallback((message: string) => {
    // A refused file leaves nothing to send: the previous file's text goes with its Upload.
    setError(message);
    setInput(NO_TEXT);
    setFileName(undefined);
    setSource((n) => n + 1);
  }, []);
  // A file that could not be read says why, in the web admin's words, and leaves nothing to send.
  const refused = analysis && !analysis.ok ? `${analysis.title}: ${analysis.message}` : null;
  const read = analysis?.ok ? analysis : null;

  const saveTemplate = async () => {
    const res = await desktop().saveTemplate();
    if (!res.ok) setTemplate({ text: res.error, error: true });
    else if (res.value) setTemplate({ text: `The CSV template was saved as ${res.value}.`, error: false });
  };

  return (
    <div className="csv">
      <fieldset className="csv__modes">
        <legend>What would you like to do?</legend>
        {(
          [
            ["upload", "Bulk upload: add new flowers (they go live at once)"],
            ["update", "Bulk update: change flowers by their ID"],
            ["reset", "Reset and import: replace ALL flowers"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="csv__mode">
            <input type="radio" name={modeName} value={value} checked={mode === value} onChange={() => setMode(value)} /> {label}
          </label>
        ))}
      </fieldset>
      <div className="toolbar">
        <CsvSource onFile={onFile} onError={onError} />
        <button type="button" className="btn btn--secondary" onClick={() => void saveTemplate()}>
          Save the CSV template...
        </button>
      </div>
      {template ? (
        <p className={`notice ${template.error ? "notice--error" : "notice--success"}`} role={template.error ? "alert" : "status"}>
          {template.text}
        </p>
      ) : null}
      {fileName ? <p className="field__hint">File: {fileName}</p> : null}
      {error || refused ? (
        <p className="notice notice--error" role="alert">
          {error ?? refused}
        </p>
      ) : null}
      {reading.progress ? <CsvReadProgress fileName={reading.progress.label} fraction={reading.progress.fraction} /> : null}
      <CsvEncodingNotice notice={fromFile?.notice ?? null} />
      {mode === "reset" ? (
        <ResetImportPanel analysis={read?.reader === "strict" ? read : null} fileName={fileName} source={source} />
      ) : (
        <BulkPanel
          mode={mode}
          text={text}
          analysis={read?.reader === "flexible" ? read : null}
          bigFile={fromFile && text.length > MAX_TEXT_IN_BOX ? fromFile : undefined}
          onText={(value) => setInput({ kind: "text", text: value })}
          source={source}
        />
      )}
    </div>
  );
}

/** Typed text is checked against the garden this long after the last keystroke. */
const TYPING_PAUSE_MS = 300;

interface BulkPanelProps {
  mode: "upload" | "update";
  /** The text to send (a big file's whole text, which the box does not show). */
  text: string;
  /** The reading of `text`; null while it is read. */
  analysis: FlexibleAnalysis | null;
  /** The file `text` came from, when too large to show in the box. */
  bigFile: { name: string; size: number } | undefined;
  onText(text: string): void;
  source: number;
}

function BulkPanel({ mode, text, analysis, bigFile, onText, source }: BulkPanelProps) {
  const [result, setResult] = useState<{ source: number; status: BulkStatus }>({ source, status: { state: "idle" } });
  const status: BulkStatus = result.source === source ? result.status : { state: "idle" };
  const setStatus = (next: BulkStatus) => setResult({ source, status: next });
  // An update the server held back (rows changed since the download), for the text it was sent for.
  const [held, setHeld] = useState<{ source: number; text: string; held: UpdateHeld } | null>(null);
  const shownHeld = held && held.source === source && held.text === text && mode === "update" ? held : null;
  const textId = useId();
  const valid = analysis?.validCount ?? 0;
  const [duplicates, setDuplicates] = useState<{ text: string; rows: number | "unchecked" } | null>(null);
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  // A whole-garden file is not sent to the server a second time to look for flowers already there (as in the web admin).
  const unchecked = Boolean(analysis?.upload.ok && valid > LIMITS.duplicateCheckRows);
  const dupRows = mode !== "upload" ? 0 : unchecked ? "unchecked" : duplicates?.text === text ? duplicates.rows : 0;

  // Rows already in the garden, for the warning (asked again after each upload, which may have added them).
  const uploaded = status.state === "success" ? status.message : null;
  const checkable = mode === "upload" && Boolean(analysis?.upload.ok) && !unchecked;
  // The rows this reading kept (the reading of the text as it is now; main does not read the text again).
  const entries = analysis?.entries;
  useEffect(() => {
    if (!checkable || !entries) return;
    let live = true;
    const timer = setTimeout(() => {
      void desktop()
        .findDuplicates(entries)
        .then((res) => live && setDuplicates(res.ok ? { text, rows: res.value ?? "unchecked" } : null));
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [checkable, entries, text, uploaded]);

  // The text as read now: a new id for each file chosen or dropped and each edit (see BulkUploadRequest).
  const reading = useRef({ text, source, id: newUploadKey() });
  const button = useRef<HTMLButtonElement>(null);
  // A file just chosen or dropped: its Upload (or Update) and the top of its preview come into sight.
  const hasText = Boolean(text.trim());
  useEffect(() => {
    if (source > 0 && hasText) button.current?.scrollIntoView({ block: "start" });
  }, [source, hasText]);
  if (reading.current.text !== text || reading.current.source !== source) reading.current = { text, source, id: newUploadKey() };

  const send = async (choice?: BulkUpdateQuery) => {
    if (!analysis) return;
    const check = analysis[mode];
    if (!check.ok) return setStatus({ state: "error", message: `${check.title}: ${check.message}` });
    setHeld(null);
    setStatus({ state: "running", count: analysis.validCount });
    const rows = { entries: analysis.entries, skipped: analysis.rowCount - analysis.validCount };
    const res =
      mode === "upload"
        ? await desktop().bulkUpload({ ...rows, skipDuplicates, reading: reading.current.id })
        : await desktop().bulkUpdate({ ...rows, choice });
    if (!res.ok) return setStatus({ state: "error", message: res.error });
    const { conflicts } = res.value;
    if (conflicts) {
      setHeld({ source, text, held: { message: res.value.message, conflicts } });
      return setStatus({ state: "idle" });
    }
    const { skipped, duplicates: inGarden = 0 } = res.value;
    const left = [
      skipped ? ` ${plural(skipped, "invalid row")} ${verb(skipped, "was", "were")} left out.` : "",
      inGarden && res.value.count ? ` ${plural(inGarden, "row")} already in the garden ${verb(inGarden, "was", "were")} left out.` : "",
    ].join("");
    setStatus({ state: "success", message: `${res.value.message}${left}` });
  };

  return (
    <section className="csv__panel" aria-label={mode === "upload" ? "Bulk upload" : "Bulk update"}>
      <FlowerTypesHint />
      <div className="field">
        <label htmlFor={textId}>CSV text (filled from the file; you may also paste here)</label>
        <textarea id={textId} rows={6} value={bigFile ? "" : text} onChange={(e) => onText(e.target.value)} spellCheck={false} />
      </div>
      {bigFile ? <WorkingFromFile name={bigFile.name} size={bigFile.size} /> : null}
      {analysis && analysis.errors.length > 0 ? (
        <ul className="notice notice--error" aria-label="Problems with the file">
          {analysis.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      {mode === "upload" ? <DuplicatesNotice rows={dupRows} skip={skipDuplicates} onSkip={setSkipDuplicates} /> : null}
      {/* The button and its result come before the preview, so both are in sight with a long file. */}
      <button ref={button} type="button" className="btn btn--primary" onClick={() => void send()} disabled={status.state === "running" || valid === 0}>
        {mode === "upload" ? `Upload ${plural(valid, "flower")}` : `Update ${plural(valid, "flower")}`}
      </button>
      {shownHeld ? (
        <BulkConflicts
          held={shownHeld.held}
          busy={status.state === "running"}
          onChoose={(choice) => void send({ conflicts: choice, seen: shownHeld.held.conflicts.token })}
        />
      ) : null}
      {status.state === "running" ? <ProgressBar task={mode} /> : <BulkResult status={status} />}
      {analysis ? <CsvPreviewTable rows={analysis.preview} total={{ rows: analysis.rowCount, valid: analysis.validCount }} /> : null}
    </section>
  );
}
