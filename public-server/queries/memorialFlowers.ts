import type { ExportedFlower } from "../../shared/csv/export";
import type { PublicFlowerDto } from "../../shared/schemas/public";
import type { Statements } from "../database/statements";
import type { MemorialFlower } from "../entities/MemorialFlower";
import { nameSearchText } from "../garden/searchText";
import type { FamilyChange } from "../family/changes";
import type { CorrectedField } from "../../shared/schemas/admin";
import { idPage, type IdPage, type Queries } from ".";
import { deleteModerated } from "./moderation";

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

// For the family's manage page, their links and their emails (commands/family.ts, family/, commands/remembrance.ts).

export async function flowerExists(q: Queries, id: number): Promise<boolean> {
  const rows = await q.query<unknown[]>(`SELECT 1 FROM memorial_flowers WHERE id = ?`, [id]);
  return rows.length > 0;
}

/** A flower as its family's manage page reads it: the memorial as the garden shows it, and the family's choices. */
export interface FamilyFlowerRow extends PublicFlowerDto {
  approved: boolean;
  withdrawnAt: string | null;
  commentsOff: boolean;
  surnameHidden: boolean;
  emailUpdates: boolean;
  hasEmail: boolean;
  linkOnly: boolean;
  searchHidden: boolean;
  /** The surname as the family wrote it, even where the memorial shows its initial. */
  fullLastName: string | null;
  /** The language the flower was written in, as stored. */
  language: string;
}

type Flag = 0 | 1;
type StoredFamilyFlower = Omit<FamilyFlowerRow, "approved" | "commentsOff" | "surnameHidden" | "emailUpdates" | "hasEmail" | "linkOnly" | "searchHidden"> &
  Record<"approved" | "commentsOff" | "surnameHidden" | "emailUpdates" | "hasEmail" | "linkOnly" | "searchHidden", Flag>;

export async function familyFlower(q: Queries, id: number): Promise<FamilyFlowerRow | undefined> {
  const [row] = await q.query<StoredFamilyFlower[]>(
    `SELECT id, baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName, baby_last_name AS babyLastName, loss_date AS lossDate,
       flower_type AS flowerType, approved, withdrawn_at AS withdrawnAt, comments_off AS commentsOff, hidden_last_name IS NOT NULL AS surnameHidden,
       email_updates AS emailUpdates, coalesce(trim(email), '') <> '' AS hasEmail, link_only AS linkOnly, search_hidden AS searchHidden,
       coalesce(hidden_last_name, baby_last_name) AS fullLastName, language
     FROM memorial_flowers WHERE id = ?`,
    [id],
  );
  if (!row) return undefined;
  return {
    ...row,
    approved: Boolean(row.approved),
    commentsOff: Boolean(row.commentsOff),
    surnameHidden: Boolean(row.surnameHidden),
    emailUpdates: Boolean(row.emailUpdates),
    hasEmail: Boolean(row.hasEmail),
    linkOnly: Boolean(row.linkOnly),
    searchHidden: Boolean(row.searchHidden),
  };
}

/** Each change's SET and the state it applies to; `:at` is now. */
const FAMILY_UPDATES: Record<Exclude<FamilyChange, "delete">, { set: string; when: string }> = {
  // Out of every public read at once (they all ask for approved flowers), and out of the volunteers' queue.
  withdraw: { set: "withdrawn_approved = approved, approved = 0, withdrawn_at = :at", when: "withdrawn_at IS NULL" },
  restore: { set: "approved = withdrawn_approved, withdrawn_approved = 0, withdrawn_at = NULL", when: "withdrawn_at IS NOT NULL" },
  "comments-off": { set: "comments_off = 1", when: "comments_off = 0" },
  "comments-on": { set: "comments_off = 0", when: "comments_off = 1" },
  "surname-initial": {
    set: "hidden_last_name = baby_last_name, baby_last_name = substr(trim(baby_last_name), 1, 1) || '.'",
    when: "hidden_last_name IS NULL AND length(trim(coalesce(baby_last_name, ''))) > 2",
  },
  "surname-full": { set: "baby_last_name = hidden_last_name, hidden_last_name = NULL", when: "hidden_last_name IS NOT NULL" },
  "updates-off": { set: "email_updates = 0", when: "email_updates = 1" },
  "updates-on": { set: "email_updates = 1", when: "email_updates = 0" },
  // Out of the garden's index (its views, search and counts) by its triggers; the memorial's own address still works.
  "link-only": { set: "link_only = 1", when: "link_only = 0" },
  listed: { set: "link_only = 0", when: "link_only = 1" },
  "search-off": { set: "search_hidden = 1", when: "search_hidden = 0" },
  "search-on": { set: "search_hidden = 0", when: "search_hidden = 1" },
};

/** Makes one of a family's changes to a flower `at` (a new version), if it is not already so; answers whether it changed. */
export async function changeFlowerForFamily(q: Queries, id: number, change: Exclude<FamilyChange, "delete">, at: string): Promise<boolean> {
  const { set, when } = FAMILY_UPDATES[change];
  const params: unknown[] = [];
  const sql = `UPDATE memorial_flowers SET ${set}, version = version + 1, updated_at = :at WHERE id = :id AND ${when}`.replace(/:(at|id)/g, (_, k) => {
    params.push(k === "at" ? at : id);
    return "?";
  });
  await q.query(sql, params);
  const [{ n }] = await q.query<[{ n: number }]>(`SELECT changes() AS n`);
  return n > 0;
}

/** Deletes a flower; its comments and links go with it (the tables cascade). */
export function deleteFlower(q: Queries, id: number): Promise<void> {
  return deleteModerated(q, "flower", id);
}

/** The flowers their families withdrew before `cutoff`. */
export async function flowersWithdrawnBefore(q: Queries, cutoff: string): Promise<number[]> {
  const rows = await q.query<{ id: number }[]>(`SELECT id FROM memorial_flowers WHERE withdrawn_at IS NOT NULL AND withdrawn_at < ?`, [cutoff]);
  return rows.map((r) => r.id);
}

/** A flower's address (trimmed, null if none) and the language it was written in. */
export async function flowerEmailAndLanguage(q: Queries, id: number): Promise<{ email: string | null; language: string } | undefined> {
  const rows = await q.query<{ email: string | null; language: string }[]>(`SELECT trim(email) AS email, language FROM memorial_flowers WHERE id = ?`, [id]);
  return rows[0];
}

export async function flowerCreatedAt(q: Queries, id: number): Promise<string | undefined> {
  const rows = await q.query<{ createdAt: string }[]>(`SELECT created_at AS createdAt FROM memorial_flowers WHERE id = ?`, [id]);
  return rows[0]?.createdAt;
}

/** The same address as the flower's, in any case and spacing (none when it has none). */
const SAME_ADDRESS_AS = `lower(trim(email)) = (SELECT lower(trim(email)) FROM memorial_flowers WHERE id = ? AND trim(email) <> '')`;

/** Whether any memorial of the flower's address still gets the monthly updates. */
export async function addressGetsUpdates(q: Queries, flowerId: number): Promise<boolean> {
  const rows = await q.query<unknown[]>(`SELECT 1 FROM memorial_flowers WHERE email_updates = 1 AND ${SAME_ADDRESS_AS} LIMIT 1`, [flowerId]);
  return rows.length > 0;
}

/** Stops the monthly updates on every memorial of the flower's address (a new version of each); answers the ids stopped. */
export async function stopUpdatesOfAddress(q: Queries, flowerId: number): Promise<number[]> {
  const rows = await q.query<{ id: number }[]>(
    `UPDATE memorial_flowers SET email_updates = 0, version = version + 1
     WHERE email_updates = 1 AND ${SAME_ADDRESS_AS}
     RETURNING id`,
    [flowerId],
  );
  return rows.map((r) => r.id);
}

/** The newest `limit` flowers of an address (`address` lower case), with the address as stored, trimmed. */
export function flowersOfAddress(q: Queries, address: string, limit: number): Promise<{ id: number; email: string }[]> {
  return q.query<{ id: number; email: string }[]>(
    `SELECT id, trim(email) AS email FROM memorial_flowers WHERE email IS NOT NULL AND lower(trim(email)) = ? ORDER BY id DESC LIMIT ?`,
    [address, limit],
  );
}

// For the emails to families (mail/hooks.ts, mail/updates.ts) and the mailing list (mail/mailingList.ts).

/** A flower as its family's emails tell it, as stored (`emailUpdates` 0 or 1, `language` as written). */
export type FlowerForMail = Pick<MemorialFlower, "id" | "parentName" | "email" | "babyFirstName" | "babyMiddleName" | "babyLastName" | "flowerType"> & {
  emailUpdates: number;
  language: string;
  createdAt: string;
};

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

// For the comments a visitor sends (the JSON API and the plain form).

/** Whether the flower's family turned its comments off (false for a flower not there). */
export async function commentsTurnedOff(q: Queries, id: number): Promise<boolean> {
  const [flower] = await q.query<{ off: number }[]>(`SELECT comments_off AS off FROM memorial_flowers WHERE id = ?`, [id]);
  return Boolean(flower?.off);
}

// For the reset-and-import (on the large-write thread).

export async function countFlowers(q: Queries): Promise<number> {
  const [{ n }] = await q.query<[{ n: number }]>(`SELECT count(*) AS n FROM memorial_flowers`);
  return Number(n);
}

/** Deletes every flower (the caller deletes their comments first). */
export async function deleteAllFlowers(q: Queries): Promise<void> {
  await q.query(`DELETE FROM memorial_flowers`);
}

/** For the activity log: "Memorial flower for" the baby's first name and the surname's initial (never a parent's name). */
export async function flowerSummary(q: Queries, id: number): Promise<string> {
  const rows = await q.query<{ s: string }[]>(
    "SELECT 'Memorial flower for ' || baby_first_name || coalesce(' ' || substr(baby_last_name, 1, 1) || '.', '') AS s FROM memorial_flowers WHERE id = ?",
    [id],
  );
  return rows[0]?.s ?? "";
}

// For the family's corrections (commands/corrections.ts).

/** A flower's correctable fields as the family wrote them (the full surname, even where the memorial shows its initial), and its state. */
export type CorrectableFlower = Record<CorrectedField, string | null> & { approved: number; withdrawnAt: string | null; hidden: string | null };

export async function correctableFlower(q: Queries, id: number): Promise<CorrectableFlower | undefined> {
  const rows = await q.query<CorrectableFlower[]>(
    `SELECT baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName, coalesce(hidden_last_name, baby_last_name) AS babyLastName,
       loss_date AS lossDate, flower_type AS flowerType, approved, withdrawn_at AS withdrawnAt, hidden_last_name AS hidden
     FROM memorial_flowers WHERE id = ?`,
    [id],
  );
  return rows[0];
}

/** The columns a correction writes; hiddenLastName is the full surname kept where the memorial shows its initial. */
const CORRECTED_COLUMNS = {
  babyFirstName: "baby_first_name",
  babyMiddleName: "baby_middle_name",
  babyLastName: "baby_last_name",
  hiddenLastName: "hidden_last_name",
  lossDate: "loss_date",
  flowerType: "flower_type",
} as const;

export type FlowerCorrection = Partial<Record<keyof typeof CORRECTED_COLUMNS, string | null>>;

/** Writes a correction's fields to the flower, as its next version, and its name search text from them. */
export async function writeFlowerCorrection(q: Queries, id: number, values: FlowerCorrection, updatedAt: string): Promise<void> {
  const fields = (Object.keys(CORRECTED_COLUMNS) as (keyof typeof CORRECTED_COLUMNS)[]).filter((f) => f in values);
  await q.query(
    `UPDATE memorial_flowers SET ${fields.map((f) => `${CORRECTED_COLUMNS[f]} = ?`).join(", ")}, version = version + 1, updated_at = ? WHERE id = ?`,
    [...fields.map((f) => values[f] ?? null), updatedAt, id],
  );
  await storeNameSearch(q, id);
}
