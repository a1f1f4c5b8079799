import { useEffect, useId, useRef, useState } from "react";
import { BulkConflicts, type UpdateHeld } from "../../../public-web/components/admin/BulkConflicts";
import { BulkResult, type BulkStatus } from "../../../public-web/components/admin/BulkResult";
import { CsvPreviewTable } from "../../../public-web/components/admin/CsvPreviewTable";
import { FlowerTypesHint } from "../../../public-web/components/admin/FlowerTypesHint";
import { DuplicatesNotice } from "../../../public-web/components/admin/DuplicatesNotice";
import { checkBulk, parseFlexibleCsv } from "../../../shared/csv";
import { newUploadKey, type BulkUpdateQuery } from "../../../shared/schemas/admin";
import { plural, verb } from "../../words";
import { desktop } from "../desktop";
import { CsvSource } from "../components/CsvSource";
import { ProgressBar } from "../components/ProgressBar";
import { ResetImportPanel } from "./ResetImportPanel";

type Mode = "upload" | "update" | "reset";

/** Bulk upload, bulk update and reset-and-import, all from one chosen or dropped CSV file. */
export function CsvScreen() {
  const [mode, setMode] = useState<Mode>("upload");
  const [text, setText] = useState("");
  const [fileName, setFileName] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  // Counts the files chosen or dropped: a result belongs to the file it was for, and a new file clears it.
  const [source, setSource] = useState(0);
  const [template, setTemplate] = useState<{ text: string; error: boolean } | null>(null);
  const modeName = useId();

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
        <CsvSource
          onText={(t, name) => {
            setError(null);
            setText(t);
            setFileName(name);
            setSource((n) => n + 1);
          }}
          onError={(message) => {
            // A refused file leaves nothing to send: the previous file's text goes with its Upload.
            setError(message);
            setText("");
            setFileName(undefined);
            setSource((n) => n + 1);
          }}
        />
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
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      {mode === "reset" ? (
        <ResetImportPanel text={text} fileName={fileName} source={source} />
      ) : (
        <BulkPanel mode={mode} text={text} onText={setText} source={source} />
      )}
    </div>
  );
}

/** Typed text is checked against the garden this long after the last keystroke. */
const TYPING_PAUSE_MS = 300;

function BulkPanel({ mode, text, onText, source }: { mode: "upload" | "update"; text: string; onText(text: string): void; source: number }) {
  const [result, setResult] = useState<{ source: number; status: BulkStatus }>({ source, status: { state: "idle" } });
  const status: BulkStatus = result.source === source ? result.status : { state: "idle" };
  const setStatus = (next: BulkStatus) => setResult({ source, status: next });
  // An update the server held back (rows changed since the download), for the text it was sent for.
  const [held, setHeld] = useState<{ source: number; text: string; held: UpdateHeld } | null>(null);
  const shownHeld = held && held.source === source && held.text === text && mode === "update" ? held : null;
  const textId = useId();
  const preview = text.trim() ? parseFlexibleCsv(text) : null;
  const valid = preview?.entries.length ?? 0;
  const [duplicates, setDuplicates] = useState<{ text: string; rows: number | "unchecked" } | null>(null);
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const dupRows = mode === "upload" && duplicates?.text === text ? duplicates.rows : 0;

  // Rows already in the garden, for the warning (asked again after each upload, which may have added them).
  const uploaded = status.state === "success" ? status.message : null;
  useEffect(() => {
    if (mode !== "upload" || !text.trim()) return;
    let live = true;
    const timer = setTimeout(() => {
      void desktop()
        .findDuplicates(text)
        .then((res) => live && setDuplicates(res.ok ? { text, rows: res.value ?? "unchecked" } : null));
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [mode, text, uploaded]);

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
    const check = checkBulk(text, mode);
    if (!check.ok) return setStatus({ state: "error", message: `${check.title}: ${check.message}` });
    setHeld(null);
    setStatus({ state: "running", count: check.entries.length });
    const res =
      mode === "upload" ? await desktop().bulkUpload({ text, skipDuplicates, reading: reading.current.id }) : await desktop().bulkUpdate({ text, choice });
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
        <textarea id={textId} rows={6} value={text} onChange={(e) => onText(e.target.value)} spellCheck={false} />
      </div>
      {preview && preview.errors.length > 0 ? (
        <ul className="notice notice--error" aria-label="Problems with the file">
          {preview.errors.map((e) => (
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
      {preview ? <CsvPreviewTable rows={preview.rows} /> : null}
    </section>
  );
}
