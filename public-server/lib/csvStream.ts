import fs from "node:fs";
import { Readable } from "node:stream";
import Papa from "papaparse";
import { CSV_PARSE_OPTIONS, LOST_LETTERS_MESSAGE } from "../../shared/csv";
import { ErrorId } from "../../shared/errors";
import { ApiError, BadRequest } from "../errors";
import { PRIVATE_FILE } from "./privateFiles";

/** What one piece of a streamed CSV read holds: its records and papaparse's problems with them. */
export interface CsvPiece {
  records: string[][];
  parseErrors: string[];
}

const WRITE_BATCH = 1024 * 1024;

/**
 * Copies a request body into a private file, byte for byte, refusing a body
 * over `limit` bytes with a sentence. The rest of a refused body is read and
 * dropped, so the sender hears the answer instead of a reset connection.
 */
export async function receiveToFile(body: AsyncIterable<Buffer>, file: string, limit: number, limitText: string): Promise<void> {
  const handle = await fs.promises.open(file, "wx", PRIVATE_FILE);
  let size = 0;
  let tooLarge = false;
  // A socket hands over a few KB at a time: written in batches of up to 1 MB, a 6 MB body is a few writes, not thousands.
  let batch: Buffer[] = [];
  let batched = 0;
  const flush = async () => {
    if (batch.length) await handle.writev(batch);
    batch = [];
    batched = 0;
  };
  try {
    for await (const chunk of body) {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (tooLarge) continue;
      batch.push(chunk);
      batched += chunk.length;
      if (batched >= WRITE_BATCH) await flush();
    }
    if (!tooLarge) {
      await flush();
      await handle.sync();
    }
  } finally {
    await handle.close();
  }
  if (tooLarge) {
    throw new ApiError(
      413,
      ErrorId.tooLarge,
      `This CSV is larger than ${limitText}, more than we can accept in one upload. Please split it into smaller files. Nothing was changed.`,
    );
  }
}

const NOT_UTF8 = "We could not read the characters of this CSV: it is not UTF-8 text. Please save it as “CSV UTF-8” in your spreadsheet and send it again.";

/**
 * The file's text in pieces, as the shared reader sees text: UTF-8 only (a
 * byte that is not is refused, never kept as "�"), a leading byte-order mark
 * dropped, and CRLF and lone CR read as LF, also across two pieces.
 */
async function* normalisedText(file: string): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  let carriage = false; // the last piece ended in "\r": an "\n" opening the next belongs to it
  const fold = (text: string) => {
    let t = text;
    if (carriage && t.startsWith("\n")) t = t.slice(1);
    carriage = t.endsWith("\r");
    return t.replace(/\r\n?/g, "\n");
  };
  for await (const bytes of fs.createReadStream(file, { highWaterMark: 16 * 1024 })) {
    let text: string;
    try {
      text = decoder.decode(bytes as Buffer, { stream: true });
    } catch {
      throw BadRequest(NOT_UTF8);
    }
    if (text.includes("\uFFFD")) throw BadRequest(LOST_LETTERS_MESSAGE);
    if (text) yield fold(text);
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    throw BadRequest(NOT_UTF8);
  }
  if (rest) yield fold(rest);
}

/**
 * Reads a CSV file in pieces of about 16 KB (some 400 rows, a few milliseconds of checking), with the same
 * papaparse settings as the shared reader, holding one piece at a time: the
 * next is parsed only when the caller asks for it.
 */
export async function* csvPieces(file: string): AsyncGenerator<CsvPiece> {
  const source = Readable.from(normalisedText(file));
  const ready: CsvPiece[] = [];
  let done = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  let parser: Papa.Parser | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  source.once("error", (err) => {
    failure = err;
    signal();
  });
  Papa.parse<string[], NodeJS.ReadableStream>(source, {
    ...CSV_PARSE_OPTIONS,
    chunk(results, handle) {
      parser = handle;
      handle.pause();
      ready.push({ records: results.data, parseErrors: results.errors.map((e) => e.message) });
      signal();
    },
    complete() {
      done = true;
      signal();
    },
    error(err: Error) {
      failure ??= err;
      signal();
    },
  });
  try {
    for (;;) {
      if (failure) throw failure;
      const piece = ready.shift();
      if (piece) {
        yield piece;
        parser?.resume();
        continue;
      }
      if (done) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    source.destroy();
  }
}
