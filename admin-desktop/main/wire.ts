/**
 * The shapes of everything main reads back from disk or receives from the
 * network, as zod schemas. Nothing parsed from JSON is trusted by a cast: a
 * file edited by hand, written by an older version or torn by a bad disk, and
 * an answer from a proxy or another program on the server's address, are
 * checked here before any code relies on them.
 */
import { z } from "zod";
import { AdminCommentDto, AdminFlowerDto, AdminTestimonialDto, UpdateConflicts } from "../../shared/schemas/admin";
import { MODERATED_KINDS } from "../../shared/moderation";
import type { QueueItem, ReviewItem } from "../ipc";

// The server's answers are checked with the route table's schemas (shared/schemas/routes.ts, used by api.ts).

const id = z.number().int().nonnegative();

/** An error answer: its sentence and error id are read, and a bulk update's list of rows changed since. */
export const ErrorBodySchema = z.object({ message: z.string().optional(), error: z.string().optional(), conflicts: UpdateConflicts.optional() });

// The offline copy and the queue, as written by this app (strict: this app is their only writer).
export const ReviewItemSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("testimonial"), item: AdminTestimonialDto.omit({ email: true }) }),
  z.strictObject({ kind: z.literal("flower"), item: AdminFlowerDto.omit({ email: true }) }),
  z.strictObject({ kind: z.literal("comment"), item: AdminCommentDto }),
]) satisfies z.ZodType<ReviewItem>;

const kind = z.enum(MODERATED_KINDS);
/** A decision as the first format wrote it: without the account that made it (see outbox.ts for how it is read). */
const QueueItemV1Schema = z.strictObject({
  id: z.string().min(1),
  server: z.string().min(1),
  kind,
  itemId: id,
  version: z.number().int().nonnegative(),
  action: z.enum(["approve", "decline"]),
  label: z.string(),
  createdAt: z.string(),
  state: z.enum(["pending", "sending", "applied", "conflict", "failed"]),
  outcome: z.enum(["applied", "already_applied"]).optional(),
  reason: z.string().optional(),
  current: ReviewItemSchema.nullable().optional(),
  attempts: z.number().int().nonnegative(),
  finishedAt: z.string().optional(),
});
export const QueueItemSchema = QueueItemV1Schema.extend({ owner: z.string().min(1).nullable() }) satisfies z.ZodType<QueueItem>;

export const OutboxFileSchema = z.discriminatedUnion("format", [
  z.strictObject({ format: z.literal(1), items: z.array(QueueItemV1Schema) }),
  z.strictObject({ format: z.literal(2), items: z.array(QueueItemSchema) }),
]);

export const ReviewFileSchema = z.strictObject({
  server: z.string().nullable().optional(),
  /** Who downloaded the copy: shown while the app works without a live sign-in. */
  owner: z.string().nullable().optional(),
  downloadedAt: z.string().nullable(),
  items: z.array(ReviewItemSchema),
}) satisfies z.ZodType<ReviewFile>;
export interface ReviewFile {
  server?: string | null | undefined;
  owner?: string | null | undefined;
  downloadedAt: string | null;
  items: ReviewItem[];
}

export const SettingsFileSchema = z.strictObject({
  serverUrl: z.string().nullable().default(null),
  lastSyncAt: z.string().nullable().default(null),
});
export type Settings = z.output<typeof SettingsFileSchema>;

export const RememberedSessionSchema = z.strictObject({ serverUrl: z.string(), username: z.string(), cookie: z.string() });
export type RememberedSession = z.output<typeof RememberedSessionSchema>;
