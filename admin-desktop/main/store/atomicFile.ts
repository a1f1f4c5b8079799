import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { z } from "zod";

/**
 * Writes JSON so that a crash at any moment leaves either the old file or the
 * new one, never a torn mix: write a temporary file beside the target, fsync
 * it (the bytes are on disk), rename it over the target (atomic on one file
 * system), then fsync the folder (the rename itself is on disk).
 */
export function writeJsonAtomic(file: string, data: unknown): void {
  writeFileAtomic(file, JSON.stringify(data));
}

/** writeJsonAtomic for bytes already made (an encrypted file). */
export function writeFileAtomic(file: string, content: string | Buffer): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${randomUUID()}.tmp`);
  const fd = fs.openSync(temp, "w", 0o600);
  try {
    fs.writeFileSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  syncFolder(dir);
}

/** A data file that is not what this app wrote: reported with its name, never replaced (it may hold decisions). */
export class CorruptFileError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${path.basename(file)} is damaged (${detail}). It was left as it is.`);
  }
}

/** What a volunteer reads when a data file is damaged: what it held, whether anything is lost, what to do. */
export function damagedFileAdvice(error: CorruptFileError, folder: string): string {
  const name = path.basename(error.file);
  const advice: Record<string, string> = {
    "outbox.json":
      "The list of your decisions waiting to be sent (outbox.json) is damaged, so the app stopped rather than lose them. Please do not delete it: send it to whoever looks after the app, who can recover the decisions. To work meanwhile, move it out of the folder below and open the app again; it then starts with an empty list.",
    "review.json":
      "The downloaded review copy (review.json) is damaged. Nothing in it is lost: the items are still on the server. Delete the file from the folder below, open the app again, and download the items again.",
    "review.sealed":
      "The downloaded review copy (review.sealed) cannot be opened: it is damaged, or this computer's keychain changed. Nothing in it is lost: the items are still on the server. Delete the file from the folder below, open the app again, and download the items again.",
    "settings.json":
      "The app's settings (settings.json) are damaged. Delete the file from the folder below and open the app again; you will type the server address once more.",
  };
  const sentence = advice[name] ?? `The app's file ${name} is damaged. Please send it to whoever looks after the app.`;
  return `${sentence}\n\nFolder: ${folder}`;
}

/**
 * Reads a JSON file through its schema; `fallback` when it does not exist yet.
 * A corrupt file (not JSON, or not the expected shape) throws CorruptFileError
 * and is never silently emptied.
 */
export function readJson<S extends z.ZodType>(file: string, schema: S, fallback: z.output<S>): z.output<S> {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return fallback;
    throw error;
  }
  return parseJson(file, text, schema);
}

/** Checks JSON text read from `file` (or decrypted from it) through its schema; CorruptFileError otherwise. */
export function parseJson<S extends z.ZodType>(file: string, text: string, schema: S): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new CorruptFileError(file, "not JSON");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CorruptFileError(file, `${issue?.path.join(".") || "top"}: ${issue?.message ?? "unexpected shape"}`);
  }
  return parsed.data;
}

/** Removes temporary files a crash left behind (they were never renamed, so never the truth). */
export function removeStaleTemps(dir: string, base: string): void {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith(`.${base}.`) && name.endsWith(".tmp")) fs.rmSync(path.join(dir, name), { force: true });
  }
}

function syncFolder(dir: string): void {
  // Windows cannot open a folder for fsync; NTFS journals the rename itself.
  if (process.platform === "win32") return;
  const fd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
