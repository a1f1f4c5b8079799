import { readCsvFile, readCsvText, type Analysis, type CsvReader, type FlexibleEntry } from "../../../shared/csv";

/**
 * The CSV reading's worker, started from the window: the shared reader (readCsvFile, in
 * shared/csv/read.ts) runs there with progress, so a file of many megabytes never freezes the page.
 * The web admin and the desktop app's window both read through it.
 */

/** The file's bytes, or text typed into the box. */
export type CsvSource = { kind: "file"; bytes: ArrayBuffer } | { kind: "text"; text: string };

/** A request for one of the two readers, from `S`; `keepText`: answer a file's whole decoded text (see CsvReadOptions). */
type Request<S> = CsvReader & { source: S; keepText?: boolean };

/** What the worker reads. */
export type AnalysisRequest = Request<CsvSource>;

/**
 * What a page may give analyseInWorker: also a file as chosen, whose bytes are read as part of the job.
 * The job then exists from the moment the file is chosen: a press of Upload meanwhile waits for it, and
 * a newer file cancels it, before its bytes have even come.
 */
export type PageSource = CsvSource | { kind: "blob"; blob: Blob };

/** Runs one request where it is called (inside the worker, or as a fallback without workers). */
export function analyse(request: AnalysisRequest, onProgress?: (fraction: number) => void): Analysis {
  const { source, keepText, ...reader } = request;
  if (source.kind === "text") return readCsvText(source.text, reader, onProgress);
  return readCsvFile(new Uint8Array(source.bytes), reader, onProgress ? { onProgress, keepText } : { keepText });
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
    const full = { ...request, source: ready };
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
