import { useCallback, useEffect, useRef, useState, type ChangeEvent } from "react";
import {
  csvFileTooLarge,
  INVALID_FILE,
  isCsvFile,
  NO_DATA_UPDATE,
  NO_DATA_UPLOAD,
  UNREADABLE_FILE_TITLE,
  withoutId,
  type CsvNotice,
  type FlexibleAnalysis,
} from "../../../shared/csv";
import { newUploadKey, type BulkUpdateEntry, type BulkUpdateQuery, type FlowerEntry } from "../../../shared/schemas/admin";
import { Field } from "../ui/Field";
import { BulkConflicts, type UpdateHeld } from "./BulkConflicts";
import { BulkResult, type BulkStatus } from "./BulkResult";
import { CsvPreviewTable } from "./CsvPreviewTable";
import { CsvEncodingNotice, WorkingFromFile } from "./CsvFileNotes";
import { CsvReadProgress } from "./CsvReadProgress";
import { analyseInWorker, type AnalysisJob, type PageSource } from "./csvAnalysis";
import { FlowerTypesHint } from "./FlowerTypesHint";
import { DuplicatesNotice } from "./DuplicatesNotice";
import { LIMITS } from "../../../shared/constants";
import { NOTHING_NEW } from "../../../shared/messages";

interface BulkUploadPanelProps {
  /**
   * Sends new flowers with the upload's key (the same for a retry of the same rows from the same reading);
   * resolves with the server's message, rejects with a sentence to show.
   */
  onUpload(flowers: FlowerEntry[], key: string): Promise<string>;
  /**
   * Sends changes by id, each row with the version it was downloaded at when the file has one. Resolves
   * with the server's message, or with the rows it held back because their flowers changed since the
   * download (nothing was changed); `choice` is the answer to such a hold. Rejects with a sentence to show.
   */
  onUpdate(flowers: BulkUpdateEntry[], choice?: BulkUpdateQuery): Promise<string | UpdateHeld>;
  /** A check failed before sending ("No Data", "Invalid Data", "Missing IDs", "Invalid File"). */
  onNotice?(notice: CsvNotice): void;
  /** Answers the indexes of rows that are exact copies of flowers already in the garden. */
  findDuplicates?(flowers: FlowerEntry[]): Promise<number[]>;
}

/** What the panel is working from: typed text, or a file too large to show in the box. */
type Input = { kind: "text"; text: string } | { kind: "file"; name: string; size: number };

/** Typed text is read this long after the last keystroke. */
const TYPING_PAUSE_MS = 250;

/** Characters of typed text above which reading it shows a progress bar. */
const LONG_TEXT = 200_000;

/** A reading's outcome: the analysis, why the file cannot be read, or null when another reading replaced it. */
type Read = FlexibleAnalysis | { unreadable: CsvNotice } | null;

/**
 * The Bulk Upload tab: CSV text or a file, a preview, Upload and
 * Update. Files and text are read in a worker with progress, so a file of many
 * megabytes never freezes the page; a file not saved as UTF-8 is read as
 * Windows-1252 with a notice, or refused, never kept with "�".
 */
export function BulkUploadPanel({ onUpload, onUpdate, onNotice, findDuplicates }: BulkUploadPanelProps) {
  const [text, setText] = useState("");
  const [input, setInput] = useState<Input>({ kind: "text", text: "" });
  const [analysis, setAnalysis] = useState<FlexibleAnalysis | null>(null);
  const [reading, setReading] = useState<{ label: string; fraction: number } | null>(null);
  const [notice, setNotice] = useState<CsvNotice | null>(null);
  const [status, setStatus] = useState<BulkStatus>({ state: "idle" });
  const running = status.state === "running";
  const [duplicates, setDuplicates] = useState<{ of: FlexibleAnalysis; rows: number[] } | null>(null);
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const dupRows = duplicates && duplicates.of === analysis ? duplicates.rows : [];
  // An update held back by the server, with the rows it was for: the choice sends them again.
  const [held, setHeld] = useState<{ rows: BulkUpdateEntry[]; held: UpdateHeld } | null>(null);

  // Once the data is read, ask which rows are already in the garden (for the warning in the preview).
  useEffect(() => {
    if (!findDuplicates || !analysis?.upload.ok || analysis.entries.length > LIMITS.duplicateCheckRows) return;
    const of = analysis;
    const entries = analysis.entries.map(withoutId);
    let live = true;
    findDuplicates(entries).then(
      (rows) => live && setDuplicates({ of, rows }),
      () => live && setDuplicates(null),
    );
    return () => {
      live = false;
    };
  }, [analysis, findDuplicates]);

  /**
   * The key of the last upload, with the reading and rows it sent: Upload pressed again on them (after a
   * success, or after a failure whose upload may have reached the server) sends the same key, so the
   * server answers with the first upload instead of adding the rows again.
   */
  const lastUpload = useRef<{ of: FlexibleAnalysis; skipped: string; key: string } | null>(null);

  /**
   * The reading in flight (or done) for the current input. `chosen` is the input it was started for: a
   * chosen file's reading then shows its text as the input, and a press of Upload or Update handled by the
   * render before that (its `input` still the file) must find the same reading, not nothing.
   */
  const current = useRef<{ input: Input; chosen: Input; job: AnalysisJob; result: Promise<Read> } | null>(null);

  const tell = (n: CsvNotice) => {
    setNotice(n);
    onNotice?.(n);
  };

  /**
   * Starts reading `what` in a worker, replacing any reading in flight. Resolves with
   * the analysis, a sentence when the file cannot be read, or null when replaced.
   * A chosen file is read from the moment it is chosen, its bytes still to come: Upload
   * or Update pressed meanwhile waits for it (awaiting the bytes first, a press found
   * no reading of the file yet, and did nothing).
   */
  const read = useCallback((what: Input, source: PageSource) => {
    current.current?.job.cancel();
    const label = what.kind === "file" ? what.name : "the CSV data";
    // Typed or pasted text shows progress only when long: short text is read before a bar could be seen.
    const showProgress = source.kind !== "text" || source.text.length > LONG_TEXT;
    const job = analyseInWorker({ reader: "flexible", source }, (fraction) => {
      if (showProgress && current.current?.job === job) setReading({ label, fraction });
    });
    const result = job.result.then(
      (answer): Read => {
        if (current.current?.job !== job) return null;
        setReading(null);
        if (!answer.ok) return { unreadable: { title: answer.title, message: answer.message } };
        if (answer.reader !== "flexible") return null;
        setAnalysis(answer);
        return answer;
      },
      (error: unknown): Read => {
        if (current.current?.job !== job) return null;
        setReading(null);
        return { unreadable: { title: UNREADABLE_FILE_TITLE, message: error instanceof Error ? error.message : String(error) } };
      },
    );
    current.current = { input: what, chosen: what, job, result };
    return result;
  }, []);

  // Typed text: read after a pause in typing.
  useEffect(() => {
    if (input.kind !== "text" || input.text.trim() === "" || current.current?.input === input) return;
    const timer = setTimeout(() => {
      // Sending may have started this reading already.
      if (current.current?.input !== input) void read(input, { kind: "text", text: input.text });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [input, read]);

  useEffect(() => () => current.current?.job.cancel(), []);

  /** New data: the last result and notice go, so an old success never sits above a new problem. */
  const startAfresh = () => {
    setNotice(null);
    setStatus({ state: "idle" });
    setHeld(null);
  };

  const onText = (value: string) => {
    startAfresh();
    setText(value);
    setInput({ kind: "text", text: value });
    if (value.trim() === "") {
      current.current?.job.cancel();
      current.current = null;
      setAnalysis(null);
      setReading(null);
    }
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    startAfresh();
    if (!isCsvFile(file)) {
      e.target.value = "";
      return tell(INVALID_FILE);
    }
    const tooLarge = csvFileTooLarge(file.size);
    if (tooLarge) {
      e.target.value = "";
      return tell(tooLarge);
    }
    const what: Input = { kind: "file", name: file.name, size: file.size };
    setInput(what);
    setAnalysis(null);
    setReading({ label: file.name, fraction: 0 });
    const answer = await read(what, { kind: "blob", blob: file });
    if (!answer) return;
    if ("unreadable" in answer) {
      e.target.value = "";
      setInput({ kind: "text", text: "" });
      setText("");
      return tell(answer.unreadable);
    }
    // A small file is shown in the box, to read and edit; a big one is worked from directly.
    if (answer.text !== null) {
      const shown: Input = { kind: "text", text: answer.text };
      if (current.current) current.current.input = shown;
      setText(answer.text);
      setInput(shown);
    } else {
      setText("");
    }
  };

  /** The reading of what is there now: the one in flight, or a new one for text typed since. */
  const readingNow = async (): Promise<Read> => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const mine = current.current && (current.current.input === input || current.current.chosen === input) ? current.current : null;
      const found = mine ? await mine.result : input.kind === "text" ? await read(input, { kind: "text", text: input.text }) : null;
      // null: a newer reading replaced this one; if it reads the same input, wait for that one.
      if (found !== null || (current.current?.input !== input && current.current?.chosen !== input)) return found;
    }
    return null;
  };

  const uploadKey = (of: FlexibleAnalysis, skip: Set<number>): string => {
    const skipped = [...skip].join(",");
    const last = lastUpload.current;
    if (last?.of === of && last.skipped === skipped) return last.key;
    lastUpload.current = { of, skipped, key: newUploadKey() };
    return lastUpload.current.key;
  };

  const send = async (mode: "upload" | "update") => {
    startAfresh();
    const blank = input.kind === "text" && input.text.trim() === "";
    const found = blank ? null : await readingNow();
    if (found && "unreadable" in found) return tell(found.unreadable);
    if (!blank && !found) return; // replaced by a newer reading meanwhile
    const check = found ? found[mode] : { ok: false as const, ...(mode === "upload" ? NO_DATA_UPLOAD : NO_DATA_UPDATE) };
    if (!check.ok) return tell({ title: check.title, message: check.message });
    const skip = mode === "upload" && skipDuplicates && duplicates?.of === found ? new Set(duplicates.rows) : new Set<number>();
    const entries = (found?.entries ?? []).filter((_, i) => !skip.has(i));
    if (entries.length === 0) return tell(NOTHING_NEW);
    if (mode === "update") return update(entries as BulkUpdateEntry[]); // Bulk Update's check has made sure every row has its ID
    setStatus({ state: "running", count: entries.length });
    try {
      setStatus({ state: "success", message: await onUpload(entries.map(withoutId), uploadKey(found!, skip)) });
    } catch (error) {
      setStatus({ state: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };

  /** Sends an update, or the volunteer's answer about the rows it was held back for. */
  const update = async (rows: BulkUpdateEntry[], choice?: BulkUpdateQuery) => {
    setStatus({ state: "running", count: rows.length });
    try {
      const answer = await onUpdate(rows, choice);
      if (typeof answer === "string") {
        setHeld(null);
        setStatus({ state: "success", message: answer });
      } else {
        setHeld({ rows, held: answer });
        setStatus({ state: "idle" });
      }
    } catch (error) {
      setStatus({ state: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div className="bulk-upload">
      <p>Add memorial flowers straight to the garden (they are approved at once), or change existing ones by their ID.</p>
      <FlowerTypesHint />
      <Field label="CSV data" hint="Paste the rows here, or choose a file below.">
        <textarea className="bulk-upload__text" rows={8} value={text} onChange={(e) => onText(e.target.value)} spellCheck={false} />
      </Field>
      <Field label="Or choose a CSV file">
        <input type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e)} />
      </Field>
      {input.kind === "file" ? <WorkingFromFile name={input.name} size={input.size} /> : null}
      {reading ? <CsvReadProgress fileName={reading.label} fraction={reading.fraction} /> : null}
      <CsvEncodingNotice notice={analysis?.notice ?? null} />
      {notice ? (
        <div className="bulk-result bulk-result--error" role="alert">
          <p>
            <strong>{notice.title}</strong>: {notice.message}
          </p>
        </div>
      ) : null}
      {analysis && analysis.errors.length > 0 ? (
        <ul className="admin-error" aria-label="Problems in the data">
          {analysis.errors.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      ) : null}
      {findDuplicates && analysis?.upload.ok && analysis.entries.length > LIMITS.duplicateCheckRows ? (
        <DuplicatesNotice rows="unchecked" skip={skipDuplicates} onSkip={setSkipDuplicates} />
      ) : (
        <DuplicatesNotice rows={dupRows.length} skip={skipDuplicates} onSkip={setSkipDuplicates} />
      )}
      {analysis ? <CsvPreviewTable rows={analysis.preview} total={{ rows: analysis.rowCount, valid: analysis.validCount }} /> : null}
      <div className="admin-actions">
        <button type="button" className="btn btn--primary" onClick={() => void send("upload")} disabled={running}>
          Upload
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => void send("update")} disabled={running}>
          Update
        </button>
      </div>
      {held ? (
        <BulkConflicts held={held.held} busy={running} onChoose={(choice) => void update(held.rows, { conflicts: choice, seen: held.held.conflicts.token })} />
      ) : null}
      <BulkResult status={status} />
    </div>
  );
}
