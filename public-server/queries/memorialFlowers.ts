import type { ExportedFlower } from "../../shared/csv/export";
import type { CorrectedField } from "../../shared/schemas/admin";
import { nameSearchText } from "../garden/searchText";
import { idPage, type IdPage, type ModerationState, type Queries } from ".";

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

// For the moderation of one flower (commands/moderation.ts).

/** The flower's approval and version, or undefined when it is gone or its family withdrew it (theirs to bring back: to a volunteer it is as good as gone). */
export async function flowerModerationState(q: Queries, id: number): Promise<ModerationState | undefined> {
  const rows = await q.query<ModerationState[]>(`SELECT approved, version FROM memorial_flowers WHERE id = ? AND withdrawn_at IS NULL`, [id]);
  return rows[0];
}

/** Makes the flower live, as its next version. */
export async function approveFlower(q: Queries, id: number): Promise<void> {
  await q.query(`UPDATE memorial_flowers SET approved = 1, version = version + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?`, [id]);
}

export async function deleteFlower(q: Queries, id: number): Promise<void> {
  await q.query(`DELETE FROM memorial_flowers WHERE id = ?`, [id]);
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
