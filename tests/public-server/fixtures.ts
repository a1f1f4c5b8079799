import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { parseStrictCsv } from "../../shared/csv/strict";
import type { UpdateConflicts } from "../../shared/schemas/admin";
import { nameSearchText } from "../../public-server/garden/searchText";
import { sessionsPath } from "../../public-server/database/sessionStore";
import { Client, json } from "../support/client";
import { mailFor } from "../../public-server/mail";
import { SAMPLE_DATA, type TestServer } from "../support/testServer";
import { fakeGarden } from "../support/fakeGarden";

/** Shared helpers for the server's tests: sample payloads, a second connection to the test database, signed-in clients. */

export const ADMIN = { username: "admin", password: "correct horse battery" };
export const USER = { username: "plainuser", password: "a plain password" };

let serial = 0;
const next = () => ++serial;

export function flowerInput(overrides: Record<string, unknown> = {}) {
  const n = next();
  return {
    parentName: `Parent Person${n}`,
    email: `parent${n}@private.example`,
    babyFirstName: `Baby${n}`,
    babyMiddleName: "",
    babyLastName: "K.",
    lossDate: "Spring 2024",
    flowerType: "lily",
    emailUpdates: true,
    ...overrides,
  };
}

export function testimonialInput(overrides: Record<string, unknown> = {}) {
  const n = next();
  return { firstName: `Writer${n}`, lastName: "Example", childName: "Gabriel", testimonial: `Our story number ${n}.`, ...overrides };
}

export function assistanceInput(overrides: Record<string, unknown> = {}) {
  const n = next();
  return {
    firstName: `Asker${n}`,
    lastName: "Example",
    email: `asker${n}@private.example`,
    phoneNumber: "555-0100",
    comments: "Please call me.",
    ...overrides,
  };
}

/** A second connection to the server's SQLite file, as any other process would open it. */
export function openDb(server: TestServer): Database.Database {
  const db = new Database(server.config.databasePath);
  db.pragma("busy_timeout = 5000");
  return db;
}

/**
 * A large approved garden written straight to the file through a second connection, as the CLI would
 * (the triggers index each row): much faster than an upload, for tests that need 100,000 flowers.
 */
export function seedApprovedGarden(server: TestServer, size: number, seed: number): void {
  const db = openDb(server);
  const insert =
    db.prepare(`INSERT INTO memorial_flowers (baby_first_name, baby_middle_name, baby_last_name, loss_date, flower_type, search_name, name_initial, approved)
    VALUES (?, ?, ?, ?, ?, ?, ?, 1)`);
  db.transaction(() => {
    for (const f of fakeGarden(size, seed)) {
      const { searchName, nameInitial } = nameSearchText(f);
      insert.run(f.babyFirstName, f.babyMiddleName, f.babyLastName, f.lossDate, f.flowerType, searchName, nameInitial);
    }
  })();
  db.close();
}

/** Runs one query on a short-lived connection to a SQLite file, as another process would (reads and writes). */
export function sqlAt<T = Record<string, unknown>>(file: string, query: string, ...params: unknown[]): T[] {
  const db = new Database(file, { timeout: 5000 });
  try {
    const statement = db.prepare(query);
    if (!statement.reader) {
      statement.run(...params);
      return [];
    }
    return statement.all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Runs one query on a short-lived second connection to the server's database. */
export function sql<T = Record<string, unknown>>(server: TestServer, query: string, ...params: unknown[]): T[] {
  return sqlAt<T>(server.config.databasePath, query, ...params);
}

/** Whether another connection holds the database's write lock (an open write transaction) right now. */
export function writeLockHeld(file: string): boolean {
  const probe = new Database(file, { timeout: 0 });
  try {
    probe.exec("BEGIN IMMEDIATE");
    probe.exec("ROLLBACK");
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === "SQLITE_BUSY") return true;
    throw err;
  } finally {
    probe.close();
  }
}

/** Every inserted row costs the database a little work, so an import or upload holds the write lock for seconds. */
export const SLOW_TRIGGER = `CREATE TRIGGER slow_insert BEFORE INSERT ON memorial_flowers WHEN NEW.parent_name IS NULL BEGIN
  SELECT (WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 15000) SELECT count(*) FROM n);
END;`;

export function count(server: TestServer, table: string, where = "1"): number {
  return sql<{ n: number }>(server, `SELECT count(*) AS n FROM ${table} WHERE ${where}`)[0]!.n;
}

/** Stored sessions (in the sessions file beside the database) that match `where`. */
export function sessionRows(server: TestServer, where = "1", ...params: unknown[]): { id: string; data: string; expires_at: number }[] {
  const db = new Database(sessionsPath(server.config.databasePath), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`SELECT id, data, expires_at FROM sessions WHERE ${where}`).all(...params) as { id: string; data: string; expires_at: number }[];
  } finally {
    db.close();
  }
}

/** Makes the account (idempotent) and answers a client signed in with it. */
export async function signedIn(server: TestServer, who: { username: string; password: string } = ADMIN, role: "admin" | "user" = "admin"): Promise<Client> {
  await server.createUser(who.username, who.password, role);
  const c = new Client(server.url);
  await c.login(who.username, who.password);
  return c;
}

/** Submits a flower as a visitor and answers its id (read back from the database). */
export async function submitFlower(
  server: TestServer,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; input: ReturnType<typeof flowerInput> }> {
  const input = flowerInput(overrides);
  const res = await new Client(server.url).post("/api/memorial-flowers", input);
  if (res.status !== 201) throw new Error(`flower submit failed: ${res.status} ${await res.text()}`);
  const [row] = sql<{ id: number }>(server, "SELECT id FROM memorial_flowers WHERE baby_first_name = ? ORDER BY id DESC LIMIT 1", input.babyFirstName);
  return { id: row!.id, input };
}

/** A flower that is already live (submitted, then approved by `admin`). */
export async function liveFlower(server: TestServer, admin: Client, overrides: Record<string, unknown> = {}) {
  const flower = await submitFlower(server, overrides);
  const res = await admin.post(`/api/admin/memorial-flowers/${flower.id}/approve`);
  if (res.status !== 200) throw new Error(`approve failed: ${res.status} ${await res.text()}`);
  return flower;
}

// Data only the database itself can hold. Everything else is set up through the API (submitFlower,
// liveFlower, signedIn); each of these says why the API cannot make it.

/** A request for help stored with `createdAt` (stored text): the API always stamps the present moment. */
export function backdatedAssistanceRequest(server: TestServer, createdAt: string, firstName = "Oldone"): void {
  sql(
    server,
    `INSERT INTO assistance_requests (first_name, last_name, email, phone_number, comments, created_at)
     VALUES (?, 'Example', 'old@private.example', '555-0100', 'Please call me.', ?)`,
    firstName,
    createdAt,
  );
}

/** Sets an item's version as another volunteer's change would: no API edits a pending testimonial or comment. */
export function changedBehindOurBack(server: TestServer, table: string, id: number, version: number): void {
  sql(server, `UPDATE ${table} SET version = ? WHERE id = ?`, version, id);
}

/** Switches a comment-library entry on or off: the library is kept by hand in the database, no API changes it. */
export function setLibraryEntryActive(server: TestServer, id: number, active: boolean): void {
  sql(server, "UPDATE comment_library SET active = ? WHERE id = ?", active ? 1 : 0, id);
}

/** A library entry with any text, even an empty one as old data may hold; the API never writes the library. */
export function legacyLibraryEntry(server: TestServer, text: string): number {
  sql(server, "INSERT INTO comment_library (text, category) VALUES (?, 'standard')", text);
  return sql<{ id: number }>(server, "SELECT id FROM comment_library WHERE text = ? ORDER BY id DESC LIMIT 1", text)[0]!.id;
}

/** A comment as old data may hold it (a blank name, say), which the API's validation would refuse. */
export function legacyComment(server: TestServer, flowerId: number, commenterName: string, libraryId: number, approved: boolean): void {
  sql(
    server,
    "INSERT INTO memorial_comments (memorial_flower_id, commenter_name, comment_library_id, approved) VALUES (?, ?, ?, ?)",
    flowerId,
    commenterName,
    libraryId,
    approved ? 1 : 0,
  );
}

/** An email that failed for good, at once: through the API it takes a mail server refusing it six times. */
export function failedOutboxMessage(server: TestServer): number {
  const key = `failed-${next()}-${Date.now()}`;
  sql(
    server,
    `INSERT INTO outbox (kind, dedupe_key, to_address, subject, text, html, status, attempts, next_attempt_at, last_error)
     VALUES ('test', ?, 'team@example.org', 'Subject', 'Text', '<p>Text</p>', 'failed', 5, 0, 'refused')`,
    key,
  );
  return sql<{ id: number }>(server, "SELECT id FROM outbox WHERE dedupe_key = ?", key)[0]!.id;
}

/** An account whose password hash was made elsewhere (older settings, say): the API only makes current hashes. */
export function accountWithHash(server: TestServer, username: string, passwordHash: string, role: "admin" | "user" = "admin"): void {
  sql(server, "INSERT INTO users (username, password_hash, role) VALUES (?, ?, ?)", username, passwordHash, role);
}

/** Deletes a flower but not its comments, as an old import could leave them: the API always deletes both. */
export function flowerGoneLeavingComments(server: TestServer, flowerId: number): void {
  const db = openDb(server);
  try {
    db.pragma("foreign_keys = OFF");
    db.prepare("DELETE FROM memorial_flowers WHERE id = ?").run(flowerId);
  } finally {
    db.close();
  }
}

/** garden-823.csv read with the shared strict reader, as the web admin sends it. */
export function garden823Rows(): Record<string, string>[] {
  const text = fs.readFileSync(path.join(SAMPLE_DATA, "garden-823.csv"), "utf8");
  const result = parseStrictCsv(text);
  if (!result.isValid) throw new Error(result.errors.join("; "));
  return result.rows as Record<string, string>[];
}

export function garden120Rows(): Record<string, string>[] {
  const text = fs.readFileSync(path.join(SAMPLE_DATA, "garden-120.csv"), "utf8");
  return parseStrictCsv(text, 120).rows as Record<string, string>[];
}

/** Asserts a non-2xx answer is JSON { message, error?, errors?, requestId } and answers it. */
export async function errorBody(
  res: Response,
): Promise<{ message: string; error?: string; errors?: { path?: string; message: string }[]; conflicts?: UpdateConflicts }> {
  const body = await json(res);
  const keys = Object.keys(body);
  if (typeof body.message !== "string" || body.message.length === 0) throw new Error(`no message in ${JSON.stringify(body)}`);
  if (body.requestId !== res.headers.get("x-request-id")) throw new Error(`requestId ${body.requestId} is not the X-Request-Id header`);
  const extra = keys.filter((k) => !["message", "error", "errors", "conflicts", "requestId"].includes(k));
  if (extra.length) throw new Error(`unexpected keys ${extra.join(",")} in error body`);
  if (!/json/.test(res.headers.get("content-type") ?? "")) throw new Error("error body is not JSON");
  return body;
}

/** The emails written so far (no SMTP_URL: each is an .eml file), oldest first, as plain text. */
export function emails(server: TestServer): { name: string; text: string }[] {
  const dir = path.join(server.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => ({
      name,
      // Quoted-printable: join soft line breaks and decode "=3D", so a link reads whole.
      text: fs.readFileSync(path.join(dir, name), "utf8").replace(/=\n/g, "").replace(/=3D/g, "="),
    }));
}

/** A family's private link in an email; its token is group 1. */
export const FAMILY_TOKEN = /manage-memorial\?token=([A-Za-z0-9_-]{43})/;

/** Sends what the outbox holds and answers the token of the newest email that carries a family's link. */
export async function newestToken(server: TestServer): Promise<string> {
  await mailFor(server.parts.services).drain();
  const withLink = emails(server).filter((e) => FAMILY_TOKEN.test(e.text));
  const last = withLink[withLink.length - 1];
  if (!last) throw new Error("no email with a private link");
  return FAMILY_TOKEN.exec(last.text)![1]!;
}
