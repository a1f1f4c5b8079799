import type { BackupDelete } from "../writer/protocol";
import type { OutboxKind, OutboxMessage, OutboxStatus } from "../entities/OutboxMessage";
import type { Queries } from ".";

/**
 * The family's emails about a flower (received, approved, links, notes): their dedupe keys name it by id and
 * creation time. The id is bound as text (a number bound by better-sqlite3 is a REAL, "12.0" in a string).
 */
export const FAMILY_MAIL = `kind IN ('flower-received', 'flower-approved', 'family-link', 'family-note', 'remembrance-confirm', 'remembrance-note', 'monthly-update') AND dedupe_key LIKE '%:' || ? || ':' || ? || '%'`;
const FINISHED_FAMILY_MAIL = `status <> 'pending' AND ${FAMILY_MAIL}`;

/** A flower's family emails that were sent or given up; the flower named by its id and creation time. */
export function finishedFamilyMail(q: Queries, flower: { id: number; createdAt: string }): Promise<{ id: number; kind: string }[]> {
  return q.query<{ id: number; kind: string }[]>(`SELECT id, kind FROM outbox WHERE ${FINISHED_FAMILY_MAIL}`, [String(flower.id), flower.createdAt]);
}

export async function deleteFinishedFamilyMail(q: Queries, flower: { id: number; createdAt: string }): Promise<void> {
  await q.query(`DELETE FROM outbox WHERE ${FINISHED_FAMILY_MAIL}`, [String(flower.id), flower.createdAt]);
}

/** Deletes every family email of a flower from a backup copy. */
export const familyMailBackupDelete = (flower: { id: number; createdAt: string }): BackupDelete => ({
  sql: `DELETE FROM outbox WHERE ${FAMILY_MAIL}`,
  params: [String(flower.id), flower.createdAt],
});

/** How many remembrance notes were sent from mail queued since `since` (the database's time format). */
export async function countRemembranceNotesSentSince(q: Queries, since: string): Promise<number> {
  const [{ n }] = await q.query<[{ n: number }]>(`SELECT count(*) AS n FROM outbox WHERE kind = 'remembrance-note' AND status = 'sent' AND created_at >= ?`, [
    since,
  ]);
  return n;
}

const COLUMNS = `id, kind, dedupe_key AS dedupeKey, to_address AS toAddress, reply_to AS replyTo, subject, text, html,
  status, attempts, next_attempt_at AS nextAttemptAt, last_error AS lastError, created_at AS createdAt, sent_at AS sentAt, headers`;

/** A message as it is first written: pending, no attempt yet, due at `nextAttemptAt`. */
export type OutboxInsert = Pick<OutboxMessage, "kind" | "dedupeKey" | "toAddress" | "replyTo" | "subject" | "text" | "html" | "nextAttemptAt" | "headers">;

/** Whether a message with this dedupe key was ever written (sent, failed or waiting). */
export async function outboxHasDedupeKey(q: Queries, dedupeKey: string): Promise<boolean> {
  const before = await q.query<{ n: number }[]>(`SELECT count(*) AS n FROM outbox WHERE dedupe_key = ?`, [dedupeKey]);
  return before[0]!.n > 0;
}

export async function insertOutboxMessage(q: Queries, m: OutboxInsert): Promise<void> {
  await q.query(
    `INSERT INTO outbox (kind, dedupe_key, to_address, reply_to, subject, text, html, next_attempt_at, headers) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [m.kind, m.dedupeKey, m.toAddress, m.replyTo, m.subject, m.text, m.html, m.nextAttemptAt, m.headers],
  );
}

/** The pending message due first at `now` (the oldest id among equals), or null. */
export async function nextDueMessage(q: Queries, now: number): Promise<OutboxMessage | null> {
  const rows = await q.query<OutboxMessage[]>(
    `SELECT ${COLUMNS} FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT 1`,
    [now],
  );
  return rows[0] ?? null;
}

/** Records how many attempts a message has had and when its next one is due. */
export async function scheduleAttempt(q: Queries, id: number, attempts: number, nextAttemptAt: number): Promise<void> {
  await q.query(`UPDATE outbox SET attempts = ?, next_attempt_at = ? WHERE id = ?`, [attempts, nextAttemptAt, id]);
}

/** Marks a message sent; only called once the mail server (or the .eml file) accepted it. */
export async function markSent(q: Queries, id: number): Promise<void> {
  await q.query(`UPDATE outbox SET status = 'sent', sent_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'), last_error = NULL WHERE id = ? AND status = 'pending'`, [
    id,
  ]);
}

/** Records a failed attempt; `final` marks the message failed (shown to administrators), otherwise it waits for its next try. */
export async function markAttemptFailed(q: Queries, id: number, error: string, final: boolean): Promise<void> {
  await q.query(`UPDATE outbox SET last_error = ?, status = CASE WHEN ? THEN 'failed' ELSE status END WHERE id = ? AND status = 'pending'`, [
    error.slice(0, 1000),
    final ? 1 : 0,
    id,
  ]);
}

/** Messages with a status, newest first; never the remembrance notes, which the team sees as counts only. */
export function listMessages(q: Queries, status: OutboxStatus, limit = 500): Promise<OutboxMessage[]> {
  return q.query<OutboxMessage[]>(`SELECT ${COLUMNS} FROM outbox WHERE status = ? AND kind NOT LIKE 'remembrance-%' ORDER BY id DESC LIMIT ?`, [status, limit]);
}

export async function findMessage(q: Queries, id: number): Promise<OutboxMessage | null> {
  const rows = await q.query<OutboxMessage[]>(`SELECT ${COLUMNS} FROM outbox WHERE id = ?`, [id]);
  return rows[0] ?? null;
}

/** Puts a failed message back in line with a fresh set of attempts. Answers the message, or null when it is not failed. */
export async function requeueFailed(q: Queries, id: number, now = Date.now()): Promise<OutboxMessage | null> {
  const changed = await q.query<{ id: number }[]>(
    `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL WHERE id = ? AND status = 'failed' RETURNING id`,
    [now, id],
  );
  return changed.length ? findMessage(q, id) : null;
}

/** Deletes a message that is still waiting (a remembrance note too late to send). */
export async function deletePendingMessage(q: Queries, id: number): Promise<void> {
  await q.query(`DELETE FROM outbox WHERE id = ? AND status = 'pending'`, [id]);
}

// For the retention job.

/** The ids of the messages of a kind written before `cutoff` (an ISO time). */
export async function outboxIdsBefore(q: Queries, kind: OutboxKind, cutoff: string): Promise<number[]> {
  const rows = await q.query<{ id: number }[]>(`SELECT id FROM outbox WHERE kind = ? AND julianday(created_at) < julianday(?)`, [kind, cutoff]);
  return rows.map((r) => r.id);
}

/** Deletes the messages of a kind written before `cutoff`, as a statement a backup can run too. */
export const deleteOutboxBeforeSql = (kind: OutboxKind, cutoff: string): BackupDelete => ({
  sql: `DELETE FROM outbox WHERE kind = ? AND julianday(created_at) < julianday(?)`,
  params: [kind, cutoff],
});

/** Deletes the messages of a kind written before `cutoff`. */
export async function deleteOutboxBefore(q: Queries, kind: OutboxKind, cutoff: string): Promise<void> {
  const { sql, params } = deleteOutboxBeforeSql(kind, cutoff);
  await q.query(sql, params);
}
