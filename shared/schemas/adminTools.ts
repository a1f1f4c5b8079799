import type { AdminPage } from "./admin";
import { z } from "./zod";
import { requiredText } from "./fields";
import { IdempotencyKey } from "./admin";
import type { ModeratedKind } from "../moderation";

/** POST /api/admin/assistance-requests/:id/handled. */
export const AssistanceHandledInput = z.object({
  handled: z.boolean({ error: "handled must be true or false" }),
});
export type AssistanceHandledInput = z.infer<typeof AssistanceHandledInput>;

/** GET /api/admin/activity?limit=: how many rows, newest first (with ?page= instead, one page: AdminPageQuery). */
export const ActivityQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number from 1 to 500" })
    .int("limit must be a whole number from 1 to 500")
    .min(1, "limit must be a whole number from 1 to 500")
    .max(500, "limit must be a whole number from 1 to 500")
    .default(100),
});

/** An assistance request as the team sees it: every detail, and who marked it handled and when. */
export interface AdminAssistanceDto {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  comments: string;
  createdAt: string;
  handled: boolean;
  /** ISO time it was marked handled, or null. */
  handledAt: string | null;
  /** Username of whoever marked it handled, or null. */
  handledBy: string | null;
}

/** GET /api/admin/assistance-requests?page=: one page, and how many requests in all are not handled yet (the tab's badge). */
export interface AdminAssistancePage extends AdminPage<AdminAssistanceDto> {
  notHandled: number;
}

export const ACTIVITY_ACTIONS = ["approved", "declined", "removed", "edited", "imported", "handled", "key-refused", "family"] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** One line of the activity log. `summary` never holds an email address or a parent's name. */
export interface ActivityDto {
  id: number;
  at: string;
  actor: string;
  action: ActivityAction;
  kind: ModeratedKind | "assistance";
  itemId: number | null;
  summary: string;
}

/** An email of the outbox as GET /api/admin/outbox?status= lists it (recipients included; the message body is not). */
export interface OutboxMessageDto {
  id: number;
  kind: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  status: string;
  createdAt: string;
  sentAt: string | null;
}

/**
 * POST /api/admin/updates/preview and /api/admin/updates/send: the monthly
 * update a volunteer wrote, in plain text (paragraphs separated by an empty
 * line). `sendKey` is made once per composed update (newUploadKey): sending
 * it again, after a cut connection or a second click, queues nothing more.
 */
export const UpdateEmailInput = z.object({
  subject: requiredText("Please write a subject", 150),
  text: requiredText("Please write the update", 20_000, { multiline: true }),
  /** The same update in Spanish, for the families who wrote in Spanish; without it they read the English one, in Spanish words around it. */
  spanish: z
    .object({
      subject: requiredText("Please write the Spanish subject", 150),
      text: requiredText("Please write the update in Spanish", 20_000, { multiline: true }),
    })
    .nullish(),
  sendKey: IdempotencyKey,
});
export type UpdateEmailInput = z.output<typeof UpdateEmailInput>;
