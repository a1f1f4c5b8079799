import type { EntityManager } from "typeorm";
import type { Queries } from "../context";
import type { OutboxKind, OutboxMessage, OutboxStatus } from "../entities/OutboxMessage";

/** What a hook puts in the outbox. */
export interface NewMessage {
  kind: OutboxKind;
  dedupeKey: string;
  to: string[];
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /** Headers to add when it is sent (List-Unsubscribe and its one-click POST). */
  headers?: Record<string, string>;
}

const COLUMNS = `id, kind, dedupe_key AS dedupeKey, to_address AS toAddress, reply_to AS replyTo, subject, text, html,
  status, attempts, next_attempt_at AS nextAttemptAt, last_error AS lastError, created_at AS createdAt, sent_at AS sentAt, headers`;

/**
 * Writes a message in the caller's transaction. A second enqueue with the
 * same dedupe key is ignored, so an event replayed or approved twice never
 * sends twice. Answers whether a row was added.
 */
export async function enqueue(tx: Queries, m: NewMessage, now = Date.now()): Promise<boolean> {
  const before: { n: number }[] = await tx.query(`SELECT count(*) AS n FROM outbox WHERE dedupe_key = ?`, [m.dedupeKey]);
  if (before[0]!.n > 0) return false;
  await tx.query(
    `INSERT INTO outbox (kind, dedupe_key, to_address, reply_to, subject, text, html, next_attempt_at, headers) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [m.kind, m.dedupeKey, m.to.join(", "), m.replyTo ?? null, m.subject, m.text, m.html, now, m.headers ? JSON.stringify(m.headers) : null],
  );
  return true;
}

/**
 * Takes the next due message, if any, and records the attempt before it is
 * made: attempts goes up and the next try is scheduled as though this one
 * will fail. If the process dies mid-send, the message is simply retried at
 * that time; nothing is left "in flight" forever.
 */
export async function claimNext(tx: EntityManager, retryDelayMs: (attempt: number) => number, now = Date.now()): Promise<OutboxMessage | null> {
  const rows: OutboxMessage[] = await tx.query(
    `SELECT ${COLUMNS} FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT 1`,
    [now],
  );
  const row = rows[0];
  if (!row) return null;
  const attempts = row.attempts + 1;
  const nextAttemptAt = now + retryDelayMs(attempts);
  await tx.query(`UPDATE outbox SET attempts = ?, next_attempt_at = ? WHERE id = ?`, [attempts, nextAttemptAt, row.id]);
  return { ...row, attempts, nextAttemptAt };
}

/** Marks a message sent; only called once the mail server (or the .eml file) accepted it. */
export async function markSent(m: EntityManager, id: number): Promise<void> {
  await m.query(`UPDATE outbox SET status = 'sent', sent_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'), last_error = NULL WHERE id = ? AND status = 'pending'`, [
    id,
  ]);
}

/** Records a failed attempt; `final` marks the message failed (shown to administrators), otherwise it waits for its next try. */
export async function markAttemptFailed(m: EntityManager, id: number, error: string, final: boolean): Promise<void> {
  await m.query(`UPDATE outbox SET last_error = ?, status = CASE WHEN ? THEN 'failed' ELSE status END WHERE id = ? AND status = 'pending'`, [
    error.slice(0, 1000),
    final ? 1 : 0,
    id,
  ]);
}

/** Messages with a status, newest first; never the remembrance notes, which the team sees as counts only. */
export async function listMessages(m: EntityManager, status: OutboxStatus, limit = 500): Promise<OutboxMessage[]> {
  return m.query(`SELECT ${COLUMNS} FROM outbox WHERE status = ? AND kind NOT LIKE 'remembrance-%' ORDER BY id DESC LIMIT ?`, [status, limit]);
}

export async function findMessage(m: EntityManager, id: number): Promise<OutboxMessage | null> {
  const rows: OutboxMessage[] = await m.query(`SELECT ${COLUMNS} FROM outbox WHERE id = ?`, [id]);
  return rows[0] ?? null;
}

/** Puts a failed message back in line with a fresh set of attempts. Answers the message, or null when it is not failed. */
export async function requeueFailed(m: EntityManager, id: number, now = Date.now()): Promise<OutboxMessage | null> {
  const changed: { id: number }[] = await m.query(
    `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL WHERE id = ? AND status = 'failed' RETURNING id`,
    [now, id],
  );
  return changed.length ? findMessage(m, id) : null;
}

/** The mail worker's own small state (e.g. the date of the last digest). */
export async function readState(m: EntityManager, key: string): Promise<string | null> {
  const rows: { value: string }[] = await m.query(`SELECT value FROM mail_state WHERE key = ?`, [key]);
  return rows[0]?.value ?? null;
}

export async function writeState(m: EntityManager, key: string, value: string): Promise<void> {
  await m.query(`INSERT INTO mail_state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, [key, value]);
}
