import { z } from "./zod";
import { LIMITS } from "../constants";
import { emailField, flowerTypeField, honeypotField, idField, languageField, optionalText, requiredText } from "./fields";
import { daysInMonth, isTimeZone, MONTH_NAMES } from "../remembrance";

/** POST /api/assistance-requests. */
export const AssistanceRequestInput = z.object({
  firstName: requiredText("First name is required"),
  lastName: requiredText("Last name is required"),
  email: emailField("Valid email is required"),
  phoneNumber: requiredText("Phone number is required", LIMITS.phone),
  comments: requiredText("Comments are required", LIMITS.comments, { multiline: true }),
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
  anniversaryMonth: chosenNumber(12, "Please choose a month from the list"),
  anniversaryDay: chosenNumber(31, "Please choose a day from the list"),
  dueMonth: chosenNumber(12, "Please choose a month from the list"),
  dueDay: chosenNumber(31, "Please choose a day from the list"),
  remembranceDays: z
    .string()
    .max(500)
    .regex(/^[a-z0-9,-]*$/, "Please choose the remembrance days from the list")
    .optional()
    .transform((value) => [...new Set((value ?? "").split(",").filter(Boolean))]),
  timeZone: z
    .string()
    .max(100)
    .optional()
    .transform((value) => (value && isTimeZone(value) ? value : null)),
};

type RemembranceValues = z.output<z.ZodObject<typeof remembranceFields>>;

/** The month and day of each pair go together, the day exists in that month, and a ticked box has a date. */
function checkRemembrance(v: RemembranceValues, ctx: z.RefinementCtx): void {
  const pairs = [
    ["anniversaryMonth", "anniversaryDay"],
    ["dueMonth", "dueDay"],
  ] as const;
  for (const [m, d] of pairs) {
    const month = v[m];
    const day = v[d];
    if (month && !day) ctx.addIssue({ code: "custom", path: [d], message: "Please choose the day as well as the month" });
    else if (day && !month) ctx.addIssue({ code: "custom", path: [m], message: "Please choose the month as well as the day" });
    else if (month && day && day > daysInMonth(month)) {
      ctx.addIssue({ code: "custom", path: [d], message: `${MONTH_NAMES[month - 1]} has only ${daysInMonth(month)} days` });
    }
  }
  const chosen = (v.anniversaryMonth && v.anniversaryDay) || (v.dueMonth && v.dueDay) || v.remembranceDays.length > 0;
  if (v.remembranceNotes && !chosen) {
    ctx.addIssue({ code: "custom", path: ["remembranceNotes"], message: "Please choose at least one date for the notes, or untick the box" });
  }
}

/** The manage page's form for the notes: the same choices as the flower form's. */
export const RemembranceChoiceInput = z.object(remembranceFields).superRefine(checkRemembrance);
export type RemembranceChoice = z.output<typeof RemembranceChoiceInput>;

/** POST /api/memorial-flowers: the flower entity without id, approved and createdAt. */
export const MemorialFlowerInput = z
  .object({
    parentName: requiredText("Your name is required"),
    email: emailField("A valid email address is required"),
    babyFirstName: requiredText("Baby's first name is required"),
    babyMiddleName: optionalText(),
    babyLastName: requiredText("Baby's last name is required (an initial is fine)"),
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
  email: emailField("Please enter a valid email address"),
});

/** POST /api/memorial-flowers/{id}/comments. */
export const MemorialCommentInput = z.object({
  commenterName: requiredText("Name is required"),
  commentLibraryId: z.preprocess(
    (value) => (value === "" || value === null ? undefined : typeof value === "string" ? Number(value) : value),
    z.number({ error: "Please select a comment" }).int("Please select a comment").min(1, "Please select a comment"),
  ),
  memorialFlowerId: idField("The memorial flower is missing").optional(),
  website: honeypotField,
});
export type MemorialCommentInput = z.input<typeof MemorialCommentInput>;

/** POST /api/testimonials. */
export const TestimonialInput = z.object({
  firstName: requiredText("First name is required"),
  lastName: requiredText("Last name is required"),
  childName: optionalText(),
  testimonial: requiredText("Please share your testimonial", LIMITS.testimonial, { multiline: true }),
  /** Optional: used only to tell the writer when the testimonial is posted. */
  email: z
    .string()
    .trim()
    .max(LIMITS.email, "Please enter a valid email address, or leave it empty")
    .pipe(z.union([z.literal(""), z.email({ error: "Please enter a valid email address, or leave it empty" })]))
    .nullish()
    .transform((value) => (value ? value : null)),
  language: languageField,
  website: honeypotField,
});
export type TestimonialInput = z.input<typeof TestimonialInput>;

/** A flower as the public garden sees it: never the parent's name or email. */
export interface PublicFlowerDto {
  id: number;
  babyFirstName: string;
  babyMiddleName: string | null;
  babyLastName: string | null;
  lossDate: string | null;
  flowerType: string;
}

/** A memorial's own answer: `commentsOff` only when its family turned comments off (the garden's list never has it). */
export interface PublicMemorialDto extends PublicFlowerDto {
  commentsOff?: true;
}

export interface PublicTestimonialDto {
  id: number;
  firstName: string;
  lastName: string;
  childName: string | null;
  testimonial: string;
  createdAt: string;
}

export type CommentCategory = "standard" | "biblical";

export interface PublicCommentDto {
  id: number;
  memorialFlowerId: number;
  commenterName: string;
  /** The library message chosen: its wording in the page's language is commentText(commentLibraryId, locale, commentText) (shared/commentLibrary.ts). */
  commentLibraryId: number;
  commentText: string;
  commentCategory: CommentCategory;
  createdAt: string;
}

export interface CommentLibraryDto {
  id: number;
  text: string;
  category: CommentCategory;
}
