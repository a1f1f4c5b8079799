import type { Queries } from ".";

/** One row of upload_keys, as read back: the upload's body hash and the answer it was given (JSON). */
export interface UploadKeyRow {
  bodyHash: string;
  status: number;
  answer: string;
}

/** SQLite's time `hours` ago, in the format created_at is stored in. */
const HOURS_AGO = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ? || ' hours')`;

/** The account's row for `key`, if it is younger than `keepHours`. */
export async function uploadKeyRow(q: Queries, userId: number, key: string, keepHours: number): Promise<UploadKeyRow | undefined> {
  const rows = await q.query<UploadKeyRow[]>(
    `SELECT body_hash AS bodyHash, status, answer FROM upload_keys WHERE user_id = ? AND key = ? AND created_at > ${HOURS_AGO}`,
    [userId, key, keepHours],
  );
  return rows[0];
}

/** Stores the account's row for `key`, forgetting rows older than `keepHours` and all but the newest `keepKeys`. */
export async function storeUploadKey(
  q: Queries,
  row: UploadKeyRow & { userId: number; key: string },
  bounds: { keepHours: number; keepKeys: number },
): Promise<void> {
  await q.query(`DELETE FROM upload_keys WHERE created_at <= ${HOURS_AGO}`, [bounds.keepHours]);
  // An expired row of the same key is gone above; REPLACE covers nothing else (the caller found none).
  await q.query(`INSERT OR REPLACE INTO upload_keys (user_id, key, body_hash, status, answer) VALUES (?, ?, ?, ?, ?)`, [
    row.userId,
    row.key,
    row.bodyHash,
    row.status,
    row.answer,
  ]);
  await q.query(`DELETE FROM upload_keys WHERE rowid NOT IN (SELECT rowid FROM upload_keys ORDER BY created_at DESC, rowid DESC LIMIT ?)`, [bounds.keepKeys]);
}

// For the reset-and-import.

/** Forgets every upload's key and answer. */
export async function deleteAllUploadKeys(q: Queries): Promise<void> {
  await q.query(`DELETE FROM upload_keys`);
}
