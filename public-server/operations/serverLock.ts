import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import Sqlite from "better-sqlite3";
import { z } from "zod";

/**
 * Who holds a database: `<database>.pid` names the process using it, a
 * running server or a restore replacing it, so that neither works under the
 * other and a second server never takes over the first's database.
 *
 * - It is made whole and at once: the complete file is written under a name
 *   of its own, then hard-linked to `<database>.pid`, which fails if that
 *   name exists. Nobody ever reads it half written, and a lock is never
 *   overwritten: a server that cannot start leaves the other's lock alone.
 * - A lock whose process died (a crash, a power cut) is taken over. The
 *   process must be gone, or the process id now belong to another program
 *   (its start time differs). Whoever removes a dead lock first claims it
 *   under a name made from its contents, which only one can create, and
 *   removes it only if it is still that same dead lock.
 * - Its holder removes it when it stops, and only if it still names it.
 *
 * The file cannot see a server whose lock was deleted by hand: `databaseInUse`
 * asks SQLite itself.
 */
const lockFileFor = (databasePath: string) => `${databasePath}.pid`;

export type LockRole = "server" | "restore";

const LockFile = z.object({
  pid: z.number().int().positive(),
  startedAt: z.string(),
  /** Files written before the role was recorded were written by servers. */
  role: z.enum(["server", "restore"]).default("server"),
  /** The process's start as the system counts it, to tell it from a later process given the same id. */
  process: z.string().optional(),
});

/** The live process holding a database. */
export interface LockHolder {
  pid: number;
  startedAt: string;
  role: LockRole;
  file: string;
}

export type DatabaseLock = { ok: true; /** Removes the lock if it is still ours. */ release: () => void } | { ok: false; holder: LockHolder };

/** Taking over a dead lock is a few steps: past this many rounds something else keeps changing the file. */
const MAX_ROUNDS = 50;
/** A claim on a dead lock older than this was left by a process that died while removing it. */
const CLAIM_STALE_MS = 2_000;

/** Takes the lock of `databasePath` for this process, or names the live process that holds it. */
export function acquireDatabaseLock(databasePath: string, role: LockRole): DatabaseLock {
  const file = lockFileFor(databasePath);
  const text = JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString(), role, process: processStart(process.pid), token: randomUUID() }) + "\n";
  const draft = `${file}.${process.pid}-${randomUUID()}.new`;
  fs.writeFileSync(draft, text, { mode: 0o600, flag: "wx" });
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      try {
        fs.linkSync(draft, file);
        return { ok: true, release: () => releaseIfMine(file, text) };
      } catch (err) {
        if (errorCode(err) !== "EEXIST") throw err;
      }
      const seen = readText(file);
      if (seen === null) continue; // removed meanwhile: try again
      const holder = liveHolder(file, seen);
      if (holder) return { ok: false, holder };
      if (!removeDead(file, seen)) pause(20);
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  throw new Error(`Could not take the lock ${file}: it kept changing. Is another server starting at the same time?`);
}

/**
 * Whether any connection has the database open, asked of SQLite rather than
 * of the lock file. A server's connections (SQLite in WAL mode) each hold a
 * shared lock on the database file from their first read until they close,
 * and the system releases it if the process dies. A connection in exclusive
 * locking mode must take an exclusive lock to read, which it cannot get while
 * any such lock is held, in this process or another: "database is locked".
 * Run it only when nothing else may open the database meanwhile (under the
 * lock): when the database is free, closing the probe folds a write-ahead log
 * left by a crash into the file, as the next opening would.
 */
export function databaseInUse(databasePath: string): boolean {
  if (!fs.existsSync(databasePath)) return false;
  let db: Sqlite.Database;
  try {
    db = new Sqlite(databasePath, { fileMustExist: true, timeout: 0 });
  } catch {
    return false; // unreadable: no server can be using it either
  }
  try {
    db.pragma("locking_mode = EXCLUSIVE");
    db.prepare("SELECT count(*) FROM sqlite_master").get();
    return false;
  } catch (err) {
    // Busy is the answer we look for; any other failure (a damaged file) says nothing of other connections.
    return /^SQLITE_(BUSY|LOCKED)/.test(errorCode(err) ?? "");
  } finally {
    db.close();
  }
}

function liveHolder(file: string, text: string): LockHolder | null {
  let parsed;
  try {
    parsed = LockFile.safeParse(JSON.parse(text));
  } catch {
    return null; // not a lock any version of ours wrote whole
  }
  if (!parsed.success) return null;
  const { pid, startedAt, role } = parsed.data;
  return isRunning(pid, parsed.data.process) ? { pid, startedAt, role, file } : null;
}

function isRunning(pid: number, start: string | undefined): boolean {
  // Our own id: this process wrote it, or an earlier one given the same id (a server that is pid 1 in a container).
  if (pid === process.pid) return start === processStart(pid);
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
  } catch (err) {
    // EPERM: it exists but belongs to another user, so it is running.
    if (errorCode(err) !== "EPERM") return false;
  }
  // After a crash and a restart, the dead holder's id may have gone to another process: its start time differs.
  if (start === undefined) return true;
  const now = processStart(pid);
  return now === undefined || now === start;
}

/**
 * Removes a dead lock if `file` still holds it: answers false when another
 * process is already removing it. The claim is a second name for the file as
 * it is now; made from the dead lock's contents, only one process can create
 * it, and the lock is removed only if the claim shows those same contents.
 */
function removeDead(file: string, seen: string): boolean {
  const claim = `${file}.dead-${createHash("sha256").update(seen).digest("hex").slice(0, 16)}`;
  try {
    fs.linkSync(file, claim);
  } catch (err) {
    const code = errorCode(err);
    if (code === "ENOENT") return true; // already gone
    if (code !== "EEXIST") throw err;
    const claimed = statOrNull(claim);
    if (claimed && Date.now() - claimed.ctimeMs > CLAIM_STALE_MS) fs.rmSync(claim, { force: true });
    return false;
  }
  try {
    if (readText(claim) === seen) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(claim, { force: true });
  }
  return true;
}

function releaseIfMine(file: string, text: string): void {
  if (readText(file) === text) fs.rmSync(file, { force: true });
}

/** When the process started, in the system's clock ticks since boot, with the boot's id (Linux); undefined elsewhere. */
function processStart(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces and parentheses); the start time is field 22.
    const start = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    const boot = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return start ? `${boot}/${start}` : undefined;
  } catch {
    return undefined;
  }
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    if (errorCode(err) === "ENOENT") return null;
    throw err;
  }
}

function statOrNull(file: string): fs.Stats | null {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}
