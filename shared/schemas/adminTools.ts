import { adminPage } from "./admin";
import { z } from "./zod";
import { requiredText } from "./fields";
import { IdempotencyKey } from "./admin";
import { MODERATED_KINDS } from "../moderation";

/** POST /api/admin/assistance-requests/:id/handled. */
export const AssistanceHandledInput = z.object({
  handled: z.boolean({ error: "handled must be true or false" }),
});
export type AssistanceHandledInput = z.infer<typeof AssistanceHandledInput>;

const id = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

/** An assistance request as the team sees it: every detail, and who marked it handled and when. */
export const AdminAssistanceDto = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  comments: z.string(),
  createdAt: z.string(),
  handled: z.boolean(),
  /** ISO time it was marked handled, or null. */
  handledAt: z.string().nullable(),
  /** Username of whoever marked it handled, or null. */
  handledBy: z.string().nullable(),
});
export type AdminAssistanceDto = z.infer<typeof AdminAssistanceDto>;

/** GET /api/admin/assistance-requests?page=: one page, and how many requests in all are not handled yet (the tab's badge). */
export const AdminAssistancePage = adminPage(AdminAssistanceDto).extend({ notHandled: count });
export type AdminAssistancePage = z.infer<typeof AdminAssistancePage>;

export const ACTIVITY_ACTIONS = ["approved", "declined", "removed", "edited", "imported", "handled", "key-refused", "family"] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** One line of the activity log. `summary` never holds an email address or a parent's name. */
export const ActivityDto = z.object({
  id,
  at: z.string(),
  actor: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  kind: z.enum([...MODERATED_KINDS, "assistance"]),
  itemId: id.nullable(),
  summary: z.string(),
});
export type ActivityDto = z.infer<typeof ActivityDto>;

/** An email of the outbox as GET /api/admin/outbox?status= lists it (recipients included; the message body is not). */
export const OutboxMessageDto = z.object({
  id,
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  attempts: count,
  lastError: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessageDto = z.infer<typeof OutboxMessageDto>;

/** What the team sees of the remembrance notes (GET /api/admin/remembrance-notes): counts only, never who. */
export const RemembranceNoteCounts = z.object({
  /** Families whose notes are confirmed and not paused. */
  receiving: count,
  /** Asked for, and waiting for the family to confirm by email. */
  waiting: count,
  paused: count,
  /** Notes sent since 1 January. */
  sentThisYear: count,
});
export type RemembranceNoteCounts = z.infer<typeof RemembranceNoteCounts>;

/**
 * A monthly update's preview: the text as a family reads it, and how many addresses it goes to; and as a
 * family who wrote in Spanish reads it, when there are some (or a Spanish version is written).
 */
export const UpdatePreviewDto = z.object({
  text: z.string(),
  recipients: count,
  spanish: z.object({ text: z.string(), recipients: count }).nullable(),
});
export type UpdatePreviewDto = z.infer<typeof UpdatePreviewDto>;

/** A monthly update sent: how many emails were queued now (none when it was already on its way). */
export const UpdateSentDto = z.object({ queued: count, message: z.string() });

/** How many of a family's private links work now. */
export const FamilyLinksDto = z.object({ live: count });

/** A family's private links retired: how many. */
export const LinksRevokedDto = z.object({ revoked: count, message: z.string() });

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
