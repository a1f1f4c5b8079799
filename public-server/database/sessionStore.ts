import type BetterSqlite3 from "better-sqlite3";
import { z } from "zod";
import { asStorageFailure } from "./failures";
import { openSideFile, removeSideFile, sidePath } from "./sideFile";
import type { WalFlush } from "./walFlush";

/** What koa-session stores: our fields are checked, its own (expiry bookkeeping) pass through. */
const SessionData = z.looseObject({ userId: z.number().int().optional(), signedInAt: z.number().optional() });
type SessionData = z.infer<typeof SessionData>;

/** A stored session as data; a row that does not read as one is treated as no session at all. */
function readSession(text: string): SessionData | undefined {
  try {
    const parsed = SessionData.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const SCHEMA = `CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  data TEXT NOT NULL,
  expires_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS idx_sessions_expires ON sessions (expires_at);`;

/** The sessions file of the database at `databasePath`. */
export const sessionsPath = (databasePath: string) => sidePath(databasePath, "sessions");

/**
 * Ends every session by removing the sessions file (a restore: the sessions of
 * the database being replaced could name accounts that differ in the backup).
 * Only while no server has it open.
 */
export const endAllSessions = (databasePath: string) => removeSideFile(sessionsPath(databasePath));

/**
 * The sessions, in a database file of their own beside the main one: a
 * sign-in, a renewal (koa-session renews as a session nears its end) and a
 * sign-out write here, so they never wait for the main database's write
 * lock, which a large write (a 100,000-row upload) holds for seconds. Its
 * writes are one small row each, committed, then flushed to disk off the
 * event loop (database/walFlush.ts) before the answer. Nothing here needs
 * the main database: a session names its account by id, and every request
 * reads the account itself (see middlewares/auth.ts).
 */
export class SessionFile {
  private lastSweep = 0;

  private constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly flush: WalFlush,
  ) {}

  static open(databasePath: string): SessionFile {
    const { db, flush } = openSideFile(sessionsPath(databasePath), SCHEMA);
    return new SessionFile(db, flush);
  }

  get(id: string): { data: string; expiresAt: number } | undefined {
    return this.db.prepare("SELECT data, expires_at AS expiresAt FROM sessions WHERE id = ?").get(id) as { data: string; expiresAt: number } | undefined;
  }

  /** Stores a session; expired ones are swept at most once an hour, riding on a write. */
  set(id: string, data: string, expiresAt: number, now: number): Promise<void> {
    return this.write(() => {
      this.db
        .prepare(
          "INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at",
        )
        .run(id, data, expiresAt);
      if (now - this.lastSweep > 3_600_000) {
        this.lastSweep = now;
        this.db.prepare("DELETE FROM sessions WHERE expires_at < ?").run(now);
      }
    });
  }

  async delete(id: string): Promise<void> {
    await this.write(() => this.db.prepare("DELETE FROM sessions WHERE id = ?").run(id));
  }

  /** Deletes every stored session of `userId` except `keepId`; answers how many were ended. */
  endFor(userId: number, keepId?: string): Promise<number> {
    return this.write(
      () => this.db.prepare("DELETE FROM sessions WHERE json_extract(data, '$.userId') = ? AND id IS NOT ?").run(userId, keepId ?? null).changes,
    );
  }

  /** Deletes every stored session. */
  async endAll(): Promise<void> {
    await this.write(() => this.db.prepare("DELETE FROM sessions").run());
  }

  close(): void {
    if (this.db.open) this.db.close();
    this.flush.forget();
  }

  /** Answers once on disk; a failure (a full disk) answers 503 with a sentence, as the main database's do. */
  private async write<T>(work: () => T): Promise<T> {
    try {
      const result = this.db.transaction(work).immediate();
      await this.flush.flushed();
      return result;
    } catch (err) {
      throw asStorageFailure(err);
    }
  }
}

/**
 * koa-session's external store, kept in the sessions file: the cookie holds only a random id.
 *
 * A signed-in session carries `signedInAt`. Renewal keeps an active session
 * going, but never past `absoluteMs` after that sign-in: then it is deleted
 * and the person signs in again. A signed-in session without the mark (made
 * before the mark existed) is treated as ended.
 */
export function fileSessionStore(sessions: SessionFile, absoluteMs: number) {
  const ended = (session: SessionData, now: number) =>
    session.userId !== undefined && (typeof session.signedInAt !== "number" || now - session.signedInAt >= absoluteMs);
  return {
    async get(key: string): Promise<SessionData | undefined> {
      const row = sessions.get(key);
      const now = Date.now();
      if (!row || row.expiresAt < now) return undefined;
      const session = readSession(row.data);
      if (!session || ended(session, now)) {
        try {
          await sessions.delete(key);
        } catch {
          // treated as no session all the same; the hourly sweep takes the row
        }
        return undefined;
      }
      return session;
    },
    async set(key: string, session: SessionData, maxAge: number): Promise<void> {
      const now = Date.now();
      let expiresAt = now + (typeof maxAge === "number" ? maxAge : 86_400_000);
      if (typeof session.signedInAt === "number") expiresAt = Math.min(expiresAt, session.signedInAt + absoluteMs);
      await sessions.set(key, JSON.stringify(session), expiresAt, now);
    },
    async destroy(key: string): Promise<void> {
      await sessions.delete(key);
    },
  };
}
