import {
  checkParsedBulk,
  decodeCsvBytes,
  parseFlexibleCsv,
  parseStrictCsv,
  stripBom,
  type BulkCheck,
  type CsvProgress,
  type FlexibleEntry,
  type FlexibleRow,
} from "../../../shared/csv";

/**
 * Reading a chosen CSV file in a Web Worker, so a file of many megabytes
 * never freezes the admin page: the worker decodes the bytes, runs the
 * shared readers with progress, and answers only what the page shows (a
 * capped preview and list of problems) and what it sends (entries, within
 * the server's row limit).
 */

/** The file's bytes, or text typed into the box. */
export type CsvSource = { kind: "file"; bytes: ArrayBuffer } | { kind: "text"; text: string };

/** A request for one of the two readers, from `S`. */
type Request<S> = { reader: "strict"; source: S; expectedCount: number } | { reader: "flexible"; source: S };

/** What the worker reads. */
export type AnalysisRequest = Request<CsvSource>;

/**
 * What a page may give analyseInWorker: also a file as chosen, whose bytes are read as part of the job.
 * The job then exists from the moment the file is chosen: a press of Upload meanwhile waits for it, and
 * a newer file cancels it, before its bytes have even come.
 */
export type PageSource = CsvSource | { kind: "blob"; blob: Blob };

/** Problems listed at most; the rest are counted. */
const MAX_LISTED_PROBLEMS = 100;
/** Rows shown in a bulk preview at most. */
const MAX_PREVIEW_ROWS = 100;
/** A file up to this size (in characters) is also shown in the Bulk Upload text box. */
const MAX_TEXT_IN_BOX = 256 * 1024;

/** What decoding found: the notice to show when the file was not UTF-8. */
interface Decoded {
  notice: string | null;
}

export interface StrictAnalysis extends Decoded {
  reader: "strict";
  ok: true;
  valid: boolean;
  /** The first problems, in the reader's words. */
  errors: string[];
  problemCount: number;
  entryCount: number;
  /** The rows to send as csvData, only when the file is valid. */
  rows: Record<string, string>[] | null;
}

/** Whether the rows may be sent one way (Bulk Upload or Bulk Update), and if not, the notice that says why. */
export type SendCheck = { ok: true } | { ok: false; title: string; message: string };

export interface FlexibleAnalysis extends Decoded {
  reader: "flexible";
  ok: true;
  /** The decoded file text when small enough for the text box; null for typed text or a big file. */
  text: string | null;
  errors: string[];
  preview: FlexibleRow[];
  rowCount: number;
  validCount: number;
  /** The valid rows, with their IDs where the file has them: once for both ways of sending (see WorkerReply). */
  entries: FlexibleEntry[];
  upload: SendCheck;
  update: SendCheck;
}

/** The file could not be read as text (see shared/csv/decode.ts). */
export interface Unreadable {
  ok: false;
  message: string;
}

export type Analysis = StrictAnalysis | FlexibleAnalysis | Unreadable;

/** Runs one request where it is called (inside the worker, or as a fallback without workers). */
export function analyse(request: AnalysisRequest, onProgress?: CsvProgress): Analysis {
  let text: string;
  let notice: string | null = null;
  let fromFile = false;
  if (request.source.kind === "file") {
    const decoded = decodeCsvBytes(new Uint8Array(request.source.bytes));
    if (!decoded.ok) return { ok: false, message: decoded.message };
    ({ text, notice } = decoded);
    fromFile = true;
  } else {
    text = request.source.text;
  }
  if (request.reader === "strict") {
    const result = parseStrictCsv(text, request.expectedCount, onProgress);
    return {
      reader: "strict",
      ok: true,
      notice,
      valid: result.isValid,
      errors: result.errors.slice(0, MAX_LISTED_PROBLEMS),
      problemCount: result.errors.length,
      entryCount: result.entries.length,
      rows: result.isValid ? (result.rows as Record<string, string>[]) : null,
    };
  }
  const blank = stripBom(text).trim() === "";
  const result = blank ? null : parseFlexibleCsv(text, onProgress);
  const upload = checkParsedBulk(result, "upload");
  const update = checkParsedBulk(result, "update");
  return {
    reader: "flexible",
    ok: true,
    notice,
    text: fromFile && text.length <= MAX_TEXT_IN_BOX ? text : null,
    errors: result?.errors.slice(0, MAX_LISTED_PROBLEMS) ?? [],
    preview: result?.rows.slice(0, MAX_PREVIEW_ROWS) ?? [],
    rowCount: result?.rows.length ?? 0,
    validCount: result?.entries.length ?? 0,
    entries: upload.ok || update.ok ? result!.entries : [],
    upload: forSending(upload),
    update: forSending(update),
  };
}

/** Keeps what sending needs: the skipped rows are already in the preview and counts. */
function forSending(check: BulkCheck): SendCheck {
  return check.ok ? { ok: true } : { ok: false, title: check.title, message: check.message };
}

/**
 * Messages between the page and the worker. A bulk file's rows come in messages of ROWS_PER_MESSAGE
 * before the analysis itself: the page takes each message in a task of its own, in proportion to its
 * rows, and a whole 10 MB file at once held it for 300 ms here and for a second on a busy machine.
 */
export type WorkerReply =
  { type: "progress"; fraction: number } | { type: "rows"; rows: FlexibleEntry[] } | { type: "done"; analysis: Analysis } | { type: "failed"; message: string };

export const ROWS_PER_MESSAGE = 5_000;

/** The reading was stopped because another one replaced it. */
class CancelledReading extends Error {
  constructor() {
    super("The reading was replaced by a newer one.");
  }
}

export interface AnalysisJob {
  result: Promise<Analysis>;
  /** Stops the reading (its worker, or the worker it was to start); `result` then rejects with a CancelledReading. */
  cancel(): void;
}

/**
 * Starts a request in a new worker (a file's bytes are moved, not copied; a chosen file's are read
 * first). Without Worker support the request runs here.
 */
export function analyseInWorker(request: Request<PageSource>, onProgress: (fraction: number) => void): AnalysisJob {
  let stopped = false;
  let stop = () => {
    stopped = true;
  };
  const given = request.source;
  const source: Promise<CsvSource> = given.kind === "blob" ? given.blob.arrayBuffer().then((bytes) => ({ kind: "file", bytes })) : Promise.resolve(given);
  const result = source.then((ready) => {
    if (stopped) throw new CancelledReading();
    const full = { ...request, source: ready } as AnalysisRequest;
    if (typeof Worker === "undefined") return analyse(full);
    const worker = new Worker(new URL("./csvWorker.ts", import.meta.url), { type: "module", name: "csv-reader" });
    return new Promise<Analysis>((resolve, reject) => {
      stop = () => {
        worker.terminate();
        reject(new CancelledReading());
      };
      const rows: FlexibleEntry[] = [];
      worker.onmessage = (event: MessageEvent<WorkerReply>) => {
        const reply = event.data;
        if (reply.type === "progress") return onProgress(reply.fraction);
        if (reply.type === "rows") {
          for (const row of reply.rows) rows.push(row);
          return;
        }
        worker.terminate();
        if (reply.type === "done") resolve(reply.analysis.ok && reply.analysis.reader === "flexible" ? { ...reply.analysis, entries: rows } : reply.analysis);
        else reject(new Error(reply.message));
      };
      worker.onerror = (event) => {
        worker.terminate();
        reject(new Error(event.message || "The file could not be read."));
      };
      worker.postMessage(full, ready.kind === "file" ? [ready.bytes] : []);
    });
  });
  return { result, cancel: () => stop() };
}
