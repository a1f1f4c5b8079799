import { z } from "./zod";
import { LIMITS } from "../constants";
import { flowerTypeField, idField, optionalText, requiredText } from "./fields";

/** One flower of a bulk upload, and the rules for editing one. */
export const FlowerEntryInput = z.object({
  babyFirstName: requiredText("First name is required"),
  babyMiddleName: optionalText(),
  babyLastName: optionalText(),
  lossDate: optionalText(LIMITS.lossDate),
  flowerType: flowerTypeField,
});
export type FlowerEntryInput = z.input<typeof FlowerEntryInput>;
export type FlowerEntry = z.output<typeof FlowerEntryInput>;

/** Editing one flower. */

/** POST /api/admin/memorial-flowers/bulk-upload. */
export const BulkUploadInput = z.object({
  flowers: z
    .array(FlowerEntryInput, { error: "Please provide CSV data to upload." })
    .min(1, "Please provide CSV data to upload.")
    .max(LIMITS.bulkRows, `Please upload at most ${LIMITS.bulkRows} flowers at once.`),
});
export type BulkUploadInput = z.input<typeof BulkUploadInput>;

/**
 * A bulk upload's Idempotency-Key header: one key per upload, sent again with
 * every retry of it, so a retry gets the first answer back instead of adding
 * the rows twice. An answer given again carries the header REPLAYED_HEADER.
 */
export const IdempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, "The Idempotency-Key header must be 16 to 128 letters, digits, hyphens or underscores.");
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** A new random key of that shape: 24 random bytes as base64url (32 characters). */
export function newUploadKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
export const REPLAYED_HEADER = "Idempotent-Replayed";

/** Said of a row's version that is not a positive whole number. */
const VERSION_PROBLEM = "A row's version must be a positive whole number, as the garden download wrote it.";

/**
 * PUT /api/admin/memorial-flowers/bulk-update: every row needs its id. A row
 * may carry the version the flower had when the garden was downloaded: a row
 * whose flower was changed since is then not applied unless the sender chose
 * (BulkUpdateQuery). A row without one is applied as it is.
 */
export const BulkUpdateInput = z.object({
  flowers: z
    .array(FlowerEntryInput.extend({ id: idField("All entries must have an ID for bulk updates."), version: idField(VERSION_PROBLEM).optional() }), {
      error: "Please provide CSV data to update.",
    })
    .min(1, "Please provide CSV data to update.")
    .max(LIMITS.bulkRows, `Please update at most ${LIMITS.bulkRows} flowers at once.`),
});
export type BulkUpdateInput = z.input<typeof BulkUpdateInput>;
/** One row of a bulk update: the flower's fields, its id, and the version it was downloaded at when known. */
export type BulkUpdateEntry = FlowerEntry & { id: number; version?: number | undefined };

/** What to do with rows whose flowers were changed by someone else since the file was downloaded. */
export const UPDATE_CHOICES = ["skip", "overwrite"] as const;
export type UpdateChoice = (typeof UPDATE_CHOICES)[number];

/**
 * The bulk update's address query. Without `conflicts`, an update with any
 * changed-since row changes nothing and answers 409 with the list. `skip`
 * applies the other rows; `overwrite` applies every row, but only over the
 * changes the sender was shown (`seen`, the 409's token): a flower changed
 * again meanwhile answers 409 once more.
 */
export const BulkUpdateQuery = z
  .object({
    conflicts: z.enum(UPDATE_CHOICES, { error: 'conflicts must be "skip" or "overwrite".' }).optional(),
    seen: z
      .string()
      .regex(/^[0-9a-f]{16}$/, "seen must be the token of the conflicts you were shown.")
      .optional(),
  })
  .refine((q) => q.conflicts !== "overwrite" || q.seen !== undefined, {
    message: "To overwrite, send seen: the token of the conflicts you were shown.",
    path: ["seen"],
  });
export type BulkUpdateQuery = z.output<typeof BulkUpdateQuery>;

// The answers. Each is a schema (the desktop app checks what it receives with it, the server tests check
// every answer) and its type: the presenters' results satisfy them, the web client is typed by them.
const id = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

/** A field of a flower changed since the download: its column, its value now, and the value in the file. */
const ConflictChange = z.object({ column: z.string(), now: z.string(), inFile: z.string() });
export type ConflictChange = z.infer<typeof ConflictChange>;

/** One row of the file whose flower changed (or was deleted) after the file was downloaded. */
const UpdateConflict = z.object({
  id,
  /** The flower was deleted since: it stays deleted, whatever the choice. */
  deleted: z.boolean(),
  changes: z.array(ConflictChange),
});
export type UpdateConflict = z.infer<typeof UpdateConflict>;

/** The 409's list: every such row counted, the first ones described, and the token an overwrite sends back. */
export const UpdateConflicts = z.object({ total: count, listed: z.array(UpdateConflict), token: z.string() });
export type UpdateConflicts = z.infer<typeof UpdateConflicts>;

/** A bulk update's answer. */
export const BulkUpdateDto = z.object({
  message: z.string(),
  /** Rows applied. */
  count,
  /** Rows left as they are (changed since and skipped, or deleted since). */
  skipped: count,
});
export type BulkUpdateDto = z.infer<typeof BulkUpdateDto>;

/** POST /api/admin/memorial-flowers/reset-and-import. */
/** Said when the reset-and-import is sent without a file or without the admin key. */
export const RESET_IMPORT_REQUIRED = "CSV data and admin key are required";

export const ResetImportInput = z.object(
  {
    csvData: z.array(z.record(z.string(), z.unknown()), { error: RESET_IMPORT_REQUIRED }).min(1, RESET_IMPORT_REQUIRED),
    adminKey: z.string({ error: RESET_IMPORT_REQUIRED }).min(1, RESET_IMPORT_REQUIRED),
  },
  { error: RESET_IMPORT_REQUIRED },
);
export type ResetImportInput = z.input<typeof ResetImportInput>;

/** Fields every moderated item carries in the admin lists, for the optimistic precondition. */
const versioned = {
  id,
  /** Goes up by one on every change; send it back as If-Match on approve and delete. */
  version: count,
  approved: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
export type Versioned = z.infer<z.ZodObject<typeof versioned>>;

// Fields a newer server may add are dropped by these schemas (z.object strips them): a client keeps only what it knows.
export const AdminFlowerDto = z.object({
  ...versioned,
  parentName: z.string().nullable(),
  email: z.string().nullable(),
  babyFirstName: z.string(),
  babyMiddleName: z.string().nullable(),
  babyLastName: z.string().nullable(),
  lossDate: z.string().nullable(),
  flowerType: z.string(),
  emailUpdates: z.boolean(),
});
export type AdminFlowerDto = z.infer<typeof AdminFlowerDto>;

export const AdminTestimonialDto = z.object({
  ...versioned,
  firstName: z.string(),
  lastName: z.string(),
  childName: z.string().nullable(),
  testimonial: z.string(),
  email: z.string().nullable(),
});
export type AdminTestimonialDto = z.infer<typeof AdminTestimonialDto>;

export const AdminCommentDto = z.object({
  ...versioned,
  memorialFlowerId: id,
  commenterName: z.string(),
  commentLibraryId: id,
  commentText: z.string().nullable(),
  commentCategory: z.enum(["standard", "biblical"]).nullable(),
  /** The flower's baby first name, or null when the flower is gone ("Unknown"). */
  flowerBabyFirstName: z.string().nullable(),
});
export type AdminCommentDto = z.infer<typeof AdminCommentDto>;

/** An approval's answer: the item's new version. */
export const ApprovedDto = z.object({ message: z.string(), id, version: count, approved: z.boolean() });
export type ApprovedDto = z.infer<typeof ApprovedDto>;

export const ResetImportResult = z.object({
  success: z.literal(true),
  importedCount: count,
  deletedFlowersCount: count,
  deletedCommentsCount: count,
  validation: z.object({ isExactMatch: z.boolean(), expectedCount: z.number(), actualCount: z.number() }),
  message: z.string(),
  /**
   * The copy of the database taken before the reset: its file name in the
   * server's backups folder and when it was taken (ISO 8601). Never a path
   * on the server.
   */
  backup: z.object({ name: z.string(), createdAt: z.string() }),
});
export type ResetImportResult = z.infer<typeof ResetImportResult>;

/** The answer of a change that has nothing more to tell than a sentence (and, for an upload, how many rows). */
export const MessageDto = z.object({ message: z.string(), count: count.optional() });
export type MessageDto = z.infer<typeof MessageDto>;

/** GET /api/admin/{testimonials,memorial-flowers,memorial-comments}?status=…: one page of one list, searched and filtered on the server. */
export const AdminListQuery = z.object({
  status: z.enum(["pending", "approved"], { error: "status must be pending or approved" }),
  /** Words in the names (or an ID), case-insensitive. */
  q: z.string().trim().max(LIMITS.name, `Please keep the search under ${LIMITS.name} characters`).optional(),
  /** Memorial flowers only: one flower type. */
  type: z.union([z.literal(""), flowerTypeField]).optional(),
  page: z.coerce.number({ error: "page must be a whole number" }).int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number({ error: "pageSize must be a whole number" }).int().min(1).max(100).default(20),
  /**
   * Only items with a smaller ID: the page after the last item read. Unlike a page number, it is not
   * shifted by items approved, deleted or added while a client reads page after page.
   */
  beforeId: z.coerce.number({ error: "beforeId must be a whole number" }).int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type AdminListQuery = z.output<typeof AdminListQuery>;

/** GET /api/admin/{assistance-requests,activity}?page=: one page of a list that has no status or search. */
export const AdminPageQuery = AdminListQuery.pick({ page: true, pageSize: true });
export type AdminPageQuery = z.output<typeof AdminPageQuery>;

/** One page of an admin list, with the count of every match. */
export const adminPage = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: count, page: count, pageSize: count });
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** POST /api/admin/memorial-flowers/duplicates: which rows of a bulk upload are already in the garden. */
export const DuplicateCheckInput = z.object({
  flowers: z.array(FlowerEntryInput).max(LIMITS.bulkRows, `Please upload at most ${LIMITS.bulkRows} flowers at once.`),
});
export const DuplicateCheckDto = z.object({
  /** Positions (0-based) in the list sent of the rows that match an approved flower exactly. */
  duplicates: z.array(count),
});
export type DuplicateCheckDto = z.infer<typeof DuplicateCheckDto>;

/** The fields of a flower a family may correct through their private link, in the order they are shown. */
export const CORRECTED_FIELDS = ["babyFirstName", "babyMiddleName", "babyLastName", "lossDate", "flowerType"] as const;
export type CorrectedField = (typeof CORRECTED_FIELDS)[number];
/** Each field as the team and the family read it. */
export const CORRECTED_FIELD_LABELS: Record<CorrectedField, string> = {
  babyFirstName: "Baby's first name",
  babyMiddleName: "Baby's middle name",
  babyLastName: "Baby's last name",
  lossDate: "Date of loss",
  flowerType: "Flower",
};

/**
 * A family's correction waiting for a volunteer: the flower's id, the
 * correction's version (send it back as If-Match on approve and decline),
 * and each field it changes, as the memorial reads now and as it would read.
 */
export const FlowerCorrectionDto = z.object({
  id,
  version: count,
  askedAt: z.string(),
  /** The baby's full name as the memorial shows it now. */
  name: z.string(),
  changes: z.array(z.object({ field: z.enum(CORRECTED_FIELDS), before: z.string().nullable(), after: z.string().nullable() })),
});
export type FlowerCorrectionDto = z.infer<typeof FlowerCorrectionDto>;
