/**
 * The app's log for support: one line of JSON per event in <data folder>/logs/desktop.log, rotated at
 * MAX_BYTES into desktop.1.log … desktop.<KEEP>.log, so the folder never holds more than
 * (KEEP + 1) × MAX_BYTES. Only what helps find a fault: event names, counts, error codes and sentences
 * with the home folder shortened to "~". Never a password, a cookie, a username, or an item's content:
 * callers pass no such field, and `scrub` takes out what an error message could carry.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const MAX_BYTES = 512 * 1024;
const KEEP = 3;

export type LogFields = Record<string, string | number | boolean | null | undefined>;

export class RotatingLog {
  readonly dir: string;
  private readonly file: string;

  constructor(
    dataDir: string,
    private readonly maxBytes = MAX_BYTES,
    private readonly keep = KEEP,
  ) {
    this.dir = path.join(dataDir, "logs");
    this.file = path.join(this.dir, "desktop.log");
  }

  info(event: string, fields: LogFields = {}): void {
    this.write("info", event, fields);
  }

  error(event: string, error: unknown, fields: LogFields = {}): void {
    this.write("error", event, { ...fields, error: scrub(error instanceof Error ? `${error.name}: ${error.message}` : String(error)) });
  }

  private write(level: "info" | "error", event: string, fields: LogFields): void {
    const line = `${JSON.stringify({ at: new Date().toISOString(), level, event, ...fields })}\n`;
    try {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      this.rotateFor(Buffer.byteLength(line));
      fs.appendFileSync(this.file, line, { mode: 0o600 });
    } catch {
      // A log that cannot be written (full disk) must never stop the app's work.
    }
  }

  private rotateFor(bytes: number): void {
    let size = 0;
    try {
      size = fs.statSync(this.file).size;
    } catch {
      return;
    }
    if (size + bytes <= this.maxBytes) return;
    fs.rmSync(this.numbered(this.keep), { force: true });
    for (let n = this.keep - 1; n >= 1; n -= 1) if (fs.existsSync(this.numbered(n))) fs.renameSync(this.numbered(n), this.numbered(n + 1));
    fs.renameSync(this.file, this.numbered(1));
  }

  private numbered(n: number): string {
    return path.join(this.dir, `desktop.${n}.log`);
  }
}

/** An error's sentence for the log: the home folder (which names the computer's user) shortened, and bounded. */
function scrub(text: string): string {
  const home = os.homedir();
  return (home ? text.split(home).join("~") : text).slice(0, 500);
}
