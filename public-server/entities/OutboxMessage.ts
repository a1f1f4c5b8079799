import { EntitySchema } from "typeorm";
import { idColumn, int, text } from "./columns";

export type OutboxStatus = "pending" | "sent" | "failed";
export type OutboxKind =
  | "flower-approved"
  | "flower-received"
  | "family-link"
  | "family-note"
  | "remembrance-confirm"
  | "remembrance-note"
  | "monthly-update"
  | "testimonial-approved"
  | "assistance-request"
  | "moderation-digest"
  | "backup-failed";

/** One email, written in the transaction of the event that caused it and sent later by the mail worker. */
export interface OutboxMessage {
  id: number;
  kind: OutboxKind;
  /** The same event never enqueues twice (e.g. "flower-approved:12:<created>"). */
  dedupeKey: string;
  /** One address, or several separated by ", ". */
  toAddress: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  status: OutboxStatus;
  attempts: number;
  /** Milliseconds since the epoch; the worker takes pending messages whose time has come. */
  nextAttemptAt: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /**
   * Headers the message carries besides the usual ones, as JSON: a note's List-Unsubscribe, stored
   * with it; an update's, added as it is sent (mail/updates.ts). Usually null.
   */
  headers: string | null;
}

export const OutboxMessageEntity = new EntitySchema<OutboxMessage>({
  name: "OutboxMessage",
  tableName: "outbox",
  columns: {
    id: idColumn,
    kind: text("kind"),
    dedupeKey: text("dedupe_key"),
    toAddress: text("to_address"),
    replyTo: text("reply_to", true),
    subject: text("subject"),
    text: text("text"),
    html: text("html"),
    status: text("status"),
    attempts: int("attempts"),
    nextAttemptAt: int("next_attempt_at"),
    lastError: text("last_error", true),
    // Kept as the ISO text SQLite writes, so the worker's raw SQL and the entity agree.
    createdAt: text("created_at"),
    sentAt: text("sent_at", true),
    headers: text("headers", true),
  },
});
