import fs from "node:fs";
import path from "node:path";

/**
 * The database, its backups, the session secret and the outbox's emails hold
 * families' names, emails and requests for help: only the account that runs
 * the server may read them. Modes are set explicitly after creation, so a
 * loose umask (or a file from an older version) does not widen them.
 */
export const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;

/** Creates `dir` (and missing parents) readable by the owner only; an existing folder is left as its owner set it. */
export function ensurePrivateDir(dir: string): void {
  if (fs.existsSync(dir)) return;
  const first = fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  // mkdir's mode passes through the umask: set it again on every folder made here.
  if (first === undefined) return;
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    fs.chmodSync(current, PRIVATE_DIR);
    if (current === path.resolve(first) || current === path.dirname(current)) break;
  }
}

/** Sets a file to owner-only read and write. */
export function makePrivate(file: string): void {
  fs.chmodSync(file, PRIVATE_FILE);
}

/** Writes a whole file under a temporary name, private from its first byte, then renames it into place. */
export function writePrivateFile(file: string, data: string | Buffer): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  const fd = fs.openSync(tmp, "w", PRIVATE_FILE);
  try {
    fs.fchmodSync(fd, PRIVATE_FILE);
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}
