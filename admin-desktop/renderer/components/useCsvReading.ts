import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { readCsvText, UNREADABLE_FILE_TITLE, type Analysis, type CsvReader } from "../../../shared/csv";
import { analyseInWorker, type AnalysisJob, type CsvSource } from "../../../public-web/components/admin/csvAnalysis";

/**
 * What the CSV screen reads: a chosen or dropped file's bytes (until they are decoded), or text. Text
 * that came from a file keeps the file's name, size and encoding notice while it is not edited.
 */
export type CsvInput =
  { kind: "file"; name: string; bytes: Uint8Array } | { kind: "text"; text: string; fromFile?: { name: string; size: number; notice: string | null } };

/**
 * Text up to this many characters (a few hundred rows) is read on the window's thread: it takes a few
 * milliseconds there, less than starting a worker, and a switch of reader shows its verdict at once.
 */
const INLINE_TEXT = 16 * 1024;
/** Typed text is read this long after the last keystroke. */
const TYPING_PAUSE_MS = 250;
/** Characters of text above which its reading shows a progress bar (a file's always does). */
const LONG_TEXT = 200_000;

export interface CsvReading {
  /** The reading of the current input with the current reader; null while it is read, or for blank text. */
  analysis: Analysis | null;
  /** How far the reading in the worker has come, for CsvReadProgress. */
  progress: { label: string; fraction: number } | null;
  /** Makes the reading just done count for `next` too (a file's decoded text put in its place), so it is not read again. */
  adopt(next: CsvInput): void;
}

/**
 * Reads the screen's CSV input with the shared reader (shared/csv/read.ts) in the same worker as the
 * web admin's (public-web/components/admin/csvAnalysis.ts): the window's thread only takes the answer,
 * so a file of many megabytes never freezes it. A newer input or reader cancels the reading in flight.
 */
export function useCsvReading(input: CsvInput, reader: "strict" | "flexible", expectedCount: number): CsvReading {
  const key = reader === "strict" ? `strict:${expectedCount}` : "flexible";
  const inline = input.kind === "text" && input.text.length <= INLINE_TEXT;
  const inlineAnalysis = useMemo(
    () => (inline && input.kind === "text" && input.text.trim() ? readCsvText(input.text, readerFor(key)) : null),
    [inline, input, key],
  );
  const [done, setDone] = useState<{ input: CsvInput; key: string; analysis: Analysis } | null>(null);
  const doneRef = useRef(done);
  doneRef.current = done;
  const [progress, setProgress] = useState<CsvReading["progress"]>(null);

  useEffect(() => {
    setProgress(null);
    const last = doneRef.current;
    if (inline || (input.kind === "text" && !input.text.trim()) || (last?.input === input && last.key === key)) return;
    let live = true;
    let job: AnalysisJob | null = null;
    const label = input.kind === "file" ? input.name : (input.fromFile?.name ?? "the CSV data");
    const showProgress = input.kind === "file" || input.text.length > LONG_TEXT;
    const start = () => {
      // A file's bytes are copied to the worker: the same file is read again when the reader changes.
      const source: CsvSource = input.kind === "file" ? { kind: "file", bytes: input.bytes.slice().buffer } : { kind: "text", text: input.text };
      if (showProgress) setProgress({ label, fraction: 0 });
      job = analyseInWorker({ ...readerFor(key), source, keepText: true }, (fraction) => live && showProgress && setProgress({ label, fraction }));
      job.result.then(
        (analysis) => {
          if (!live) return;
          setProgress(null);
          setDone({ input, key, analysis });
        },
        (error: unknown) => {
          if (!live) return;
          setProgress(null);
          setDone({ input, key, analysis: { ok: false, title: UNREADABLE_FILE_TITLE, message: error instanceof Error ? error.message : String(error) } });
        },
      );
    };
    // A file is read at once; typed text after a pause in typing.
    const timer = input.kind === "file" ? null : setTimeout(start, TYPING_PAUSE_MS);
    if (timer === null) start();
    return () => {
      live = false;
      if (timer !== null) clearTimeout(timer);
      job?.cancel();
    };
  }, [inline, input, key]);

  const adopt = useCallback((next: CsvInput) => setDone((d) => (d && d.input === input ? { ...d, input: next } : d)), [input]);
  const analysis = inline ? inlineAnalysis : done && done.input === input && done.key === key ? done.analysis : null;
  return { analysis, progress, adopt };
}

function readerFor(key: string): CsvReader {
  return key === "flexible" ? { reader: "flexible" } : { reader: "strict", expectedCount: Number(key.slice("strict:".length)) };
}
