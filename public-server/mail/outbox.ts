import type { Queries } from "../context";
import type { OutboxKind, OutboxMessage } from "../entities/OutboxMessage";
import { insertOutboxMessage, nextDueMessage, outboxHasDedupeKey, scheduleAttempt } from "../queries/outbox";

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

/**
 * Writes a message in the caller's transaction. A second enqueue with the
 * same dedupe key is ignored, so an event replayed or approved twice never
 * sends twice. Answers whether a row was added.
 */
export async function enqueue(tx: Queries, m: NewMessage, now = Date.now()): Promise<boolean> {
  if (await outboxHasDedupeKey(tx, m.dedupeKey)) return false;
  await insertOutboxMessage(tx, {
    kind: m.kind,
    dedupeKey: m.dedupeKey,
    toAddress: m.to.join(", "),
    replyTo: m.replyTo ?? null,
    subject: m.subject,
    text: m.text,
    html: m.html,
    nextAttemptAt: now,
    headers: m.headers ? JSON.stringify(m.headers) : null,
  });
  return true;
}

/**
 * Takes the next due message, if any, and records the attempt before it is
 * made: attempts goes up and the next try is scheduled as though this one
 * will fail. If the process dies mid-send, the message is simply retried at
 * that time; nothing is left "in flight" forever.
 */
export async function claimNext(tx: Queries, retryDelayMs: (attempt: number) => number, now = Date.now()): Promise<OutboxMessage | null> {
  const row = await nextDueMessage(tx, now);
  if (!row) return null;
  const attempts = row.attempts + 1;
  const nextAttemptAt = now + retryDelayMs(attempts);
  await scheduleAttempt(tx, row.id, attempts, nextAttemptAt);
  return { ...row, attempts, nextAttemptAt };
}
