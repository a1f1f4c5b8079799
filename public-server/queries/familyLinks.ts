import type { Queries } from ".";

/** One family link as stored: only its token's hash is kept (see commands/family.ts). */
export interface FamilyLinkRow {
  id: number;
  flowerId: number;
  lastUsedAt: string;
  revokedAt: string | null;
}

const LINK_COLUMNS = `id, flower_id AS flowerId, last_used_at AS lastUsedAt, revoked_at AS revokedAt`;

/** Stores a new link for `flowerId`, made and used `at`, and retires the flower's live links but the newest `keepLive`. */
export async function storeFamilyLink(q: Queries, link: { flowerId: number; tokenHash: string; at: string }, keepLive: number): Promise<void> {
  await q.query(`INSERT INTO family_links (flower_id, token_hash, created_at, last_used_at) VALUES (?, ?, ?, ?)`, [
    link.flowerId,
    link.tokenHash,
    link.at,
    link.at,
  ]);
  await q.query(
    `UPDATE family_links SET revoked_at = ? WHERE flower_id = ? AND revoked_at IS NULL
       AND id NOT IN (SELECT id FROM family_links WHERE flower_id = ? AND revoked_at IS NULL ORDER BY id DESC LIMIT ?)`,
    [link.at, link.flowerId, link.flowerId, keepLive],
  );
}

/** The link whose token hashes to `tokenHash`, live or not. */
export async function familyLinkByTokenHash(q: Queries, tokenHash: string): Promise<FamilyLinkRow | undefined> {
  const rows = await q.query<FamilyLinkRow[]>(`SELECT ${LINK_COLUMNS} FROM family_links WHERE token_hash = ?`, [tokenHash]);
  return rows[0];
}

/** The link by its id, live or not. */
export async function familyLinkById(q: Queries, id: number): Promise<FamilyLinkRow | undefined> {
  const rows = await q.query<FamilyLinkRow[]>(`SELECT ${LINK_COLUMNS} FROM family_links WHERE id = ?`, [id]);
  return rows[0];
}

export async function markFamilyLinkUsed(q: Queries, id: number, at: string): Promise<void> {
  await q.query(`UPDATE family_links SET last_used_at = ? WHERE id = ?`, [at, id]);
}

/** Retires every live link of a flower `at`; answers how many were live. */
export async function revokeFamilyLinks(q: Queries, flowerId: number, at: string): Promise<number> {
  await q.query(`UPDATE family_links SET revoked_at = ? WHERE flower_id = ? AND revoked_at IS NULL`, [at, flowerId]);
  const [{ n }] = await q.query<[{ n: number }]>(`SELECT changes() AS n`);
  return n;
}

/** How many of a flower's links are not retired and were used after `usedAfter`. */
export async function countUsedFamilyLinks(q: Queries, flowerId: number, usedAfter: string): Promise<number> {
  const [{ n }] = await q.query<[{ n: number }]>(`SELECT count(*) AS n FROM family_links WHERE flower_id = ? AND revoked_at IS NULL AND last_used_at > ?`, [
    flowerId,
    usedAfter,
  ]);
  return n;
}
