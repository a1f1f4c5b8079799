import { z } from "./zod";
import { LIMITS } from "../constants";
import { msg } from "../i18n/translate";
import { emailField, flowerTypeField, honeypotField, idField, languageField, optionalText, requiredText } from "./fields";
import { daysInMonth, isTimeZone } from "../remembrance";

// Every sentence is an English msgid, translated where it is shown (shared/i18n/issues.ts).
const PICK_COMMENT = msg("Please select a comment");
const EMAIL_OR_EMPTY = msg("Please enter a valid email address, or leave it empty");

/** POST /api/assistance-requests. */
export const AssistanceRequestInput = z.object({
  firstName: requiredText(msg("First name is required")),
  lastName: requiredText(msg("Last name is required")),
  email: emailField(msg("Valid email is required")),
  phoneNumber: requiredText(msg("Phone number is required"), LIMITS.phone),
  comments: requiredText(msg("Comments are required"), LIMITS.comments, { multiline: true }),
  language: languageField,
  website: honeypotField,
});
export type AssistanceRequestInput = z.infer<typeof AssistanceRequestInput>;

/** A month or a day chosen from a list: empty is "not chosen"; a form sends text, the API may send a number. */
const chosenNumber = (max: number, message: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : typeof value === "string" && /^\d{1,2}$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).min(1, message).max(max, message).optional(),
  );

/**
 * The gentle remembrance notes, chosen on the flower form and on the manage
 * page: unticked unless the family ticks it, and then at least one date, each
 * as a month and a day (never read from the free-text date of loss). The
 * remembrance days are the ids of those the team offers, separated by commas
 * (a plain form's checkboxes are joined so). A time zone the browser sends
 * that this runtime does not know is dropped: the site's zone is used.
 */
export const remembranceFields = {
  remembranceNotes: z.boolean().optional().default(false),
  anniversaryMonth: chosenNumber(12, msg("Please choose a month from the list")),
  anniversaryDay: chosenNumber(31, msg("Please give the day as a number from 1 to 31")),
  dueMonth: chosenNumber(12, msg("Please choose a month from the list")),
  dueDay: chosenNumber(31, msg("Please give the day as a number from 1 to 31")),
  remembranceDays: z
    .string()
    .max(500)
    .regex(/^[a-z0-9,-]*$/, msg("Please choose the remembrance days from the list"))
    .optional()
    .transform((value) => [...new Set((value ?? "").split(",").filter(Boolean))]),
  timeZone: z
    .string()
    .max(100)
    .optional()
    .transform((value) => (value && isTimeZone(value) ? value : null)),
};

type RemembranceValues = z.output<z.ZodObject<typeof remembranceFields>>;

/** What a day past a month's end is told, month by month: each a whole sentence, so each language says it its own way. */
const SHORT_MONTHS: Record<number, string> = {
  2: msg("February has only 29 days"),
  4: msg("April has only 30 days"),
  6: msg("June has only 30 days"),
  9: msg("September has only 30 days"),
  11: msg("November has only 30 days"),
};

/** The month and day of each pair go together, the day exists in that month, and a ticked box has a date. */
function checkRemembrance(v: RemembranceValues, ctx: z.RefinementCtx): void {
  const pairs = [
    ["anniversaryMonth", "anniversaryDay"],
    ["dueMonth", "dueDay"],
  ] as const;
  for (const [m, d] of pairs) {
    const month = v[m];
    const day = v[d];
    if (month && !day) ctx.addIssue({ code: "custom", path: [d], message: msg("Please choose the day as well as the month") });
    else if (day && !month) ctx.addIssue({ code: "custom", path: [m], message: msg("Please choose the month as well as the day") });
    else if (month && day && day > daysInMonth(month)) {
      ctx.addIssue({ code: "custom", path: [d], message: SHORT_MONTHS[month]! });
    }
  }
  const chosen = (v.anniversaryMonth && v.anniversaryDay) || (v.dueMonth && v.dueDay) || v.remembranceDays.length > 0;
  if (v.remembranceNotes && !chosen) {
    ctx.addIssue({ code: "custom", path: ["remembranceNotes"], message: msg("Please choose at least one date for the notes, or untick the box") });
  }
}

/** The manage page's form for the notes: the same choices as the flower form's. */
export const RemembranceChoiceInput = z.object(remembranceFields).superRefine(checkRemembrance);
export type RemembranceChoice = z.output<typeof RemembranceChoiceInput>;

/** POST /api/memorial-flowers: the flower entity without id, approved and createdAt. */
export const MemorialFlowerInput = z
  .object({
    parentName: requiredText(msg("Your name is required")),
    email: emailField(msg("A valid email address is required")),
    babyFirstName: requiredText(msg("Baby's first name is required")),
    babyMiddleName: optionalText(),
    babyLastName: requiredText(msg("Baby's last name is required (an initial is fine)")),
    lossDate: optionalText(LIMITS.lossDate),
    flowerType: flowerTypeField,
    emailUpdates: z.boolean().optional().default(false),
    ...remembranceFields,
    language: languageField,
    website: honeypotField,
  })
  .superRefine(checkRemembrance);
export type MemorialFlowerInput = z.input<typeof MemorialFlowerInput>;

/** "Email me my link" on a family's manage page, and an administrator sending a family their link. */
export const FamilyLinkRequest = z.object({
  email: emailField(msg("Please enter a valid email address")),
});

/** POST /api/memorial-flowers/{id}/comments. */
export const MemorialCommentInput = z.object({
  commenterName: requiredText(msg("Name is required")),
  commentLibraryId: z.preprocess(
    (value) => (value === "" || value === null ? undefined : typeof value === "string" ? Number(value) : value),
    z.number({ error: PICK_COMMENT }).int(PICK_COMMENT).min(1, PICK_COMMENT),
  ),
  memorialFlowerId: idField(msg("The memorial flower is missing")).optional(),
  website: honeypotField,
});
export type MemorialCommentInput = z.input<typeof MemorialCommentInput>;

/** POST /api/testimonials. */
export const TestimonialInput = z.object({
  firstName: requiredText(msg("First name is required")),
  lastName: requiredText(msg("Last name is required")),
  childName: optionalText(),
  testimonial: requiredText(msg("Please share your testimonial"), LIMITS.testimonial, { multiline: true }),
  /** Optional: used only to tell the writer when the testimonial is posted. */
  email: z
    .string()
    .trim()
    .max(LIMITS.email, EMAIL_OR_EMPTY)
    .pipe(z.union([z.literal(""), z.email({ error: EMAIL_OR_EMPTY })]))
    .nullish()
    .transform((value) => (value ? value : null)),
  language: languageField,
  website: honeypotField,
});
export type TestimonialInput = z.input<typeof TestimonialInput>;

// The answers visitors' pages read: schemas for the server's tests and the desktop app, types for the
// site (which imports them as types only: its public pages never load zod).
const id = z.number().int().nonnegative();

/** A flower as the public garden sees it: never the parent's name or email. */
export const PublicFlowerDto = z.object({
  id,
  babyFirstName: z.string(),
  babyMiddleName: z.string().nullable(),
  babyLastName: z.string().nullable(),
  lossDate: z.string().nullable(),
  flowerType: z.string(),
});
export type PublicFlowerDto = z.infer<typeof PublicFlowerDto>;

/** A memorial's own answer: `commentsOff` only when its family turned comments off (the garden's list never has it). */
export const PublicMemorialDto = PublicFlowerDto.extend({ commentsOff: z.literal(true).optional() });
export type PublicMemorialDto = z.infer<typeof PublicMemorialDto>;

/** The garden's view (shared/garden.ts reads and writes it as an address's query). */
const GardenQueryDto = z.object({ flower: z.string().nullable(), letter: z.string().nullable(), search: z.string(), page: z.number().int().min(1) });
export type GardenQuery = z.infer<typeof GardenQueryDto>;

/** The garden's answer for one view. */
export const GardenPageDto = z.object({
  /** `commentsOff` only when the memorial's family turned comments off: its card offers none. */
  flowers: z.array(PublicMemorialDto),
  /** Flowers matching the view (a search counts at most GARDEN_SEARCH_BOUND). */
  matches: z.number().int().nonnegative(),
  /** True when a search matches more than `matches` flowers; only the first `matches` are paged. */
  more: z.boolean().optional(),
  /** Flowers in the whole garden (for the empty garden's words). */
  total: z.number().int().nonnegative(),
  /** The page shown (1-based, clamped to the last page). */
  page: z.number().int().min(1),
  pages: z.number().int().nonnegative(),
  query: GardenQueryDto,
});
export type GardenPageDto = z.infer<typeof GardenPageDto>;

export const PublicTestimonialDto = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  childName: z.string().nullable(),
  testimonial: z.string(),
  createdAt: z.string(),
});
export type PublicTestimonialDto = z.infer<typeof PublicTestimonialDto>;

const CommentCategory = z.enum(["standard", "biblical"]);
export type CommentCategory = z.infer<typeof CommentCategory>;

export const PublicCommentDto = z.object({
  id,
  memorialFlowerId: id,
  commenterName: z.string(),
  /** The library message chosen: its wording in the page's language is commentText(commentLibraryId, locale, commentText) (shared/commentLibrary.ts). */
  commentLibraryId: id,
  commentText: z.string(),
  commentCategory: CommentCategory,
  createdAt: z.string(),
});
export type PublicCommentDto = z.infer<typeof PublicCommentDto>;

export const CommentLibraryDto = z.object({ id, text: z.string(), category: CommentCategory });
export type CommentLibraryDto = z.infer<typeof CommentLibraryDto>;

/** A visitor's submission, received (201). */
export const ReceivedDto = z.object({ message: z.string() });
