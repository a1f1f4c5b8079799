import type { ExportedFlower } from "../../shared/csv/export";
import type { PublicFlowerDto } from "../../shared/schemas/public";
import type { Statements } from "../database/statements";
import { nameSearchText } from "../garden/searchText";
import { idPage, type IdPage, type Queries } from ".";

type Names = { babyFirstName: string; babyMiddleName: string | null; babyLastName: string | null };

/**
 * Stores a flower's name search text again from its names as they are now,
 * in the caller's transaction: after a write that changed its names in SQL
 * (a correction, the surname shown as its initial or in full).
 */
export async function storeNameSearch(q: Queries, id: number): Promise<void> {
  const [names] = await q.query<Names[]>(
    `SELECT baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName, baby_last_name AS babyLastName FROM memorial_flowers WHERE id = ?`,
    [id],
  );
  if (!names) return;
  const { searchName, nameInitial } = nameSearchText(names);
  await q.query(`UPDATE memorial_flowers SET search_name = ?, name_initial = ? WHERE id = ?`, [searchName, nameInitial, id]);
}

/** One page of the flower ids of a status (a withdrawn memorial in neither), newest first, with how many there are. */
export function flowerIdsPage(
  q: Queries,
  filter: { approved: boolean; type?: string; beforeId?: number },
  page: { limit: number; offset: number },
): Promise<IdPage> {
  // A memorial its family withdrew waits for nobody's review (it is deleted after 30 days, or brought back by them).
  const where = ["approved = ?", "withdrawn_at IS NULL"];
  const params: unknown[] = [filter.approved ? 1 : 0];
  if (filter.type) {
    where.push("flower_type = ?");
    params.push(filter.type);
  }
  if (filter.beforeId) {
    where.push("id < ?");
    params.push(filter.beforeId);
  }
  return idPage(q, "memorial_flowers", where, params, page);
}

/** One page of the flower ids the admin's trigram index finds for an FTS5 `match` (see commands/adminSearch.ts), newest first. */
export async function searchedFlowerIds(q: Queries, match: string, beforeId: number | undefined, page: { limit: number; offset: number }): Promise<number[]> {
  const rows = await q.query<{ id: number }[]>(
    `SELECT rowid AS id FROM admin_flower_fts WHERE admin_flower_fts MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ? OFFSET ?`,
    [match, beforeId ?? Number.MAX_SAFE_INTEGER, page.limit, page.offset],
  );
  return rows.map((r) => r.id);
}

/** How many flowers the admin's trigram index finds for `match`. */
export async function countSearchedFlowers(q: Queries, match: string, beforeId: number | undefined): Promise<number> {
  const [{ n }] = await q.query<[{ n: number }]>(`SELECT count(*) AS n FROM admin_flower_fts WHERE admin_flower_fts MATCH ? AND rowid < ?`, [
    match,
    beforeId ?? Number.MAX_SAFE_INTEGER,
  ]);
  return n;
}

/** Approved flowers oldest first, `limit` of them with an id above `after` (the garden download's pages), with their versions. */
export function approvedFlowersAfter(q: Queries, after: number, limit: number): Promise<ExportedFlower[]> {
  return q.query<ExportedFlower[]>(
    `SELECT id, baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName, baby_last_name AS babyLastName,
       loss_date AS lossDate, flower_type AS flowerType, version
     FROM memorial_flowers WHERE approved = 1 AND id > ? ORDER BY id LIMIT ?`,
    [after, limit],
  );
}

// For the emails to families (mail/hooks.ts, mail/updates.ts) and the mailing list (mail/mailingList.ts).

/** A flower as its family's emails tell it, as stored (`emailUpdates` 0 or 1, `language` as written). */
export interface FlowerForMail {
  id: number;
  parentName: string | null;
  email: string | null;
  babyFirstName: string;
  babyMiddleName: string | null;
  babyLastName: string | null;
  flowerType: string;
  emailUpdates: number;
  language: string;
  createdAt: string;
}

export async function flowerForMail(q: Queries, id: number): Promise<FlowerForMail | undefined> {
  const rows = await q.query<FlowerForMail[]>(
    `SELECT id, parent_name AS parentName, email, baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName,
      baby_last_name AS babyLastName, flower_type AS flowerType, email_updates AS emailUpdates, language, created_at AS createdAt FROM memorial_flowers WHERE id = ?`,
    [id],
  );
  return rows[0];
}

/** A flower whose family asked for the monthly updates, with its address trimmed. */
export interface MailingListRow {
  id: number;
  parentName: string | null;
  email: string;
  babyFirstName: string;
  babyMiddleName: string | null;
  babyLastName: string | null;
  createdAt: string;
  language: string;
}

/** Every flower whose family asked for the monthly updates and gave an address, oldest first. */
export function mailingListRows(q: Queries): Promise<MailingListRow[]> {
  return q.query<MailingListRow[]>(
    `SELECT id, parent_name AS parentName, trim(email) AS email, baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName,
      baby_last_name AS babyLastName, created_at AS createdAt, language
     FROM memorial_flowers WHERE email_updates = 1 AND email IS NOT NULL AND trim(email) <> '' ORDER BY id`,
  );
}

/** An address on the updates list, with its first flower on the list: that flower's id, name, creation time and language. */
export interface UpdateRecipient {
  id: number;
  email: string;
  parentName: string | null;
  createdAt: string;
  language: string;
}

/**
 * One line per address on the list (compared without case): its first flower on the list, with that
 * flower's name, creation time and language (SQLite takes the bare columns from the row min() chose).
 */
const UPDATE_RECIPIENTS = `SELECT min(id) AS id, trim(email) AS email, parent_name AS parentName, created_at AS createdAt, language
  FROM memorial_flowers WHERE email_updates = 1 AND email IS NOT NULL AND trim(email) <> '' GROUP BY lower(trim(email))`;

/** How many addresses are on the updates list, and how many of them read Spanish. Call inside `db.read`. */
export function updateRecipientCounts(db: Statements): { all: number; spanish: number } {
  return db.prepare(`SELECT count(*) AS "all", coalesce(sum(language = 'es'), 0) AS spanish FROM (${UPDATE_RECIPIENTS})`).get() as {
    all: number;
    spanish: number;
  };
}

/** Every address on the updates list, in the order of their first flowers. */
export function updateRecipients(q: Queries): Promise<UpdateRecipient[]> {
  return q.query<UpdateRecipient[]>(`${UPDATE_RECIPIENTS} ORDER BY min(id)`);
}

// For the public garden (garden/query.ts), inside `db.read`, on the connection's kept statements.

const PUBLIC_COLUMNS = `id, baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName, baby_last_name AS babyLastName,
  loss_date AS lossDate, flower_type AS flowerType`;

/** A flower's public fields, and whether its family turned comments off (1) or not (0). */
export type PublicFlowerRow = PublicFlowerDto & { off: number };

/** These flowers' public fields, in no particular order; an id not found is left out. */
export function publicFlowersAmong(db: Statements, ids: number[]): PublicFlowerRow[] {
  return db
    .prepare(`SELECT ${PUBLIC_COLUMNS}, comments_off AS off FROM memorial_flowers WHERE id IN (${ids.map(() => "?").join(",")})`)
    .all(...ids) as PublicFlowerRow[];
}

/** One approved flower's public fields, or undefined. */
export function approvedPublicFlower(db: Statements, id: number): PublicFlowerRow | undefined {
  return db.prepare(`SELECT ${PUBLIC_COLUMNS}, comments_off AS off FROM memorial_flowers WHERE id = ? AND approved`).get(id) as PublicFlowerRow | undefined;
}

/** Whether a family asked search engines to leave any of these flowers alone (their page, the views showing the name, the preview). */
export function searchHiddenAmong(db: Statements, ids: number[]): boolean {
  if (ids.length === 0) return false;
  return db.prepare(`SELECT 1 FROM memorial_flowers WHERE id IN (${ids.map(() => "?").join(",")}) AND search_hidden LIMIT 1`).get(...ids) !== undefined;
}

/** Rows read per turn on the connection while the whole garden is listed: other requests take their turns between. */
export const PUBLIC_LIST_CHUNK = 5000;

/** Up to PUBLIC_LIST_CHUNK approved flowers (link-only memorials left out) with an id below `before`, newest first, their public fields only. */
export function publicFlowersBefore(db: Statements, before: number): PublicFlowerDto[] {
  return db
    .prepare(`SELECT ${PUBLIC_COLUMNS} FROM memorial_flowers WHERE approved = 1 AND link_only = 0 AND id < ? ORDER BY id DESC LIMIT ${PUBLIC_LIST_CHUNK}`)
    .all(before) as PublicFlowerDto[];
}
