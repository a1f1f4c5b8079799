import type { Queries } from ".";

/** The mail worker's own small state (e.g. the date of the last digest). */
export async function readMailState(q: Queries, key: string): Promise<string | null> {
  const rows = await q.query<{ value: string }[]>(`SELECT value FROM mail_state WHERE key = ?`, [key]);
  return rows[0]?.value ?? null;
}

export async function writeMailState(q: Queries, key: string, value: string): Promise<void> {
  await q.query(`INSERT INTO mail_state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, [key, value]);
}
