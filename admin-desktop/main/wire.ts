/**
 * The shapes of everything main reads back from disk or receives from the
 * network, as zod schemas. Nothing parsed from JSON is trusted by a cast: a
 * file edited by hand, written by an older version or torn by a bad disk, and
 * an answer from a proxy or another program on the server's address, are
 * checked here before any code relies on them.
 */
import { z } from "zod";
import type {
  AdminCommentDto,
  AdminFlowerDto,
  AdminTestimonialDto,
  BulkUpdateDto,
  DuplicateCheckDto,
  MessageDto,
  ResetImportResult,
  UpdateConflicts,
} from "../../shared/schemas/admin";
import { MODERATED_KINDS } from "../../shared/moderation";
import type { SessionUserDto } from "../../shared/schemas/session";
import type { QueueItem, ReviewItem } from "../ipc";

const id = z.number().int().nonnegative();
const versioned = {
  id,
  version: z.number().int().nonnegative(),
  approved: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

// The admin lists: fields a newer server may add are dropped (never stored in the offline copy unchecked).
export const AdminFlowerSchema = z.object({
  ...versioned,
  parentName: z.string().nullable(),
  email: z.string().nullable(),
  babyFirstName: z.string(),
  babyMiddleName: z.string().nullable(),
  babyLastName: z.string().nullable(),
  lossDate: z.string().nullable(),
  flowerType: z.string(),
  emailUpdates: z.boolean(),
}) satisfies z.ZodType<AdminFlowerDto>;

export const AdminTestimonialSchema = z.object({
  ...versioned,
  firstName: z.string(),
  lastName: z.string(),
  childName: z.string().nullable(),
  testimonial: z.string(),
  email: z.string().nullable(),
}) satisfies z.ZodType<AdminTestimonialDto>;

export const AdminCommentSchema = z.object({
  ...versioned,
  memorialFlowerId: id,
  commenterName: z.string(),
  commentLibraryId: id,
  commentText: z.string().nullable(),
  commentCategory: z.enum(["standard", "biblical"]).nullable(),
  flowerBabyFirstName: z.string().nullable(),
}) satisfies z.ZodType<AdminCommentDto>;

/** One page of an admin list (the fields the desktop app reads). */
export const PageSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int().nonnegative() });

export const SessionUserSchema = z.object({
  id,
  username: z.string(),
  role: z.string(),
  expectedImportCount: z.number().int().positive().optional(),
}) satisfies z.ZodType<SessionUserDto>;
export const MessageSchema = z.object({ message: z.string(), count: z.number().int().nonnegative().optional() }) satisfies z.ZodType<MessageDto>;
export const DuplicatesSchema = z.object({ duplicates: z.array(z.number().int().nonnegative()) }) satisfies z.ZodType<DuplicateCheckDto>;
export const ApprovedSchema = z.object({ id, version: z.number().int().nonnegative(), approved: z.boolean() });
export const ResetImportResultSchema = z.object({
  success: z.literal(true),
  importedCount: z.number().int().nonnegative(),
  deletedFlowersCount: z.number().int().nonnegative(),
  deletedCommentsCount: z.number().int().nonnegative(),
  validation: z.object({ isExactMatch: z.boolean(), expectedCount: z.number(), actualCount: z.number() }),
  message: z.string(),
  backup: z.object({ name: z.string(), createdAt: z.string() }),
}) satisfies z.ZodType<ResetImportResult>;
/** A bulk update's rows changed since the download, as a 409 lists them. */
const ConflictsSchema = z.object({
  total: z.number().int().nonnegative(),
  token: z.string(),
  listed: z.array(
    z.object({
      id,
      deleted: z.boolean(),
      changes: z.array(z.object({ column: z.string(), now: z.string(), inFile: z.string() })),
    }),
  ),
}) satisfies z.ZodType<UpdateConflicts>;
/** An error answer: its sentence and error id are read, and a bulk update's list of rows changed since. */
export const ErrorBodySchema = z.object({ message: z.string().optional(), error: z.string().optional(), conflicts: ConflictsSchema.optional() });
export const BulkUpdateSchema = z.object({
  message: z.string(),
  count: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
}) satisfies z.ZodType<BulkUpdateDto>;

// The offline copy and the queue, as written by this app (strict: this app is their only writer).
export const ReviewItemSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("testimonial"), item: AdminTestimonialSchema.omit({ email: true }) }),
  z.strictObject({ kind: z.literal("flower"), item: AdminFlowerSchema.omit({ email: true }) }),
  z.strictObject({ kind: z.literal("comment"), item: AdminCommentSchema }),
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
