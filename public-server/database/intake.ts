import { randomUUID } from "node:crypto";
import type BetterSqlite3 from "better-sqlite3";
import { asStorageFailure } from "./failures";
import { openSideFile, sidePath } from "./sideFile";
import type { WalFlush } from "./walFlush";

const SCHEMA = `CREATE TABLE IF NOT EXISTS intake (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  body TEXT NOT NULL,
  received_at TEXT NOT NULL);`;

/** One submission held in the intake: `body` is its checked input, as JSON. */
export interface HeldRow {
  id: string;
  kind: string;
  body: string;
  receivedAt: string;
}

/**
 * Visitors' submissions received while a large write holds the main
 * database's write lock (seconds), kept in a small file of their own beside
 * it (`garden-intake.sqlite`: WAL, private, each one committed and flushed to
 * disk, off the event loop, before the visitor is answered), until they are moved into the main
 * database right after (see commands/submissions.ts). Each has a random id,
 * never reused even if the file is made anew, which the main database
 * records with the submission.
 */
export class IntakeFile {
  private constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly flush: WalFlush,
  ) {}

  static open(databasePath: string): IntakeFile {
    const { db, flush } = openSideFile(sidePath(databasePath, "intake"), SCHEMA);
    return new IntakeFile(db, flush);
  }

  /** Keeps one submission; answers once it is on disk. */
  async add(kind: string, body: unknown, receivedAt: Date): Promise<string> {
    const id = randomUUID();
    try {
      this.db.prepare("INSERT INTO intake (id, kind, body, received_at) VALUES (?, ?, ?, ?)").run(id, kind, JSON.stringify(body), receivedAt.toISOString());
      await this.flush.flushed();
    } catch (err) {
      throw asStorageFailure(err);
    }
    return id;
  }

  /** The oldest held submissions first. */
  oldest(limit: number): HeldRow[] {
    return this.db.prepare("SELECT id, kind, body, received_at AS receivedAt FROM intake ORDER BY seq LIMIT ?").all(limit) as HeldRow[];
  }

  remove(id: string): void {
    this.db.prepare("DELETE FROM intake WHERE id = ?").run(id);
  }

  count(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM intake").get() as { n: number }).n;
  }

  close(): void {
    if (this.db.open) this.db.close();
    this.flush.forget();
  }
}
