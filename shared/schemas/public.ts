import { z } from "./zod";
import { LIMITS } from "../constants";
import { msg } from "../i18n/translate";
import { emailField, flowerTypeField, honeypotField, idField, optionalText, requiredText } from "./fields";

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
  website: honeypotField,
});
export type AssistanceRequestInput = z.infer<typeof AssistanceRequestInput>;

/** POST /api/memorial-flowers: the flower entity without id, approved and createdAt. */
export const MemorialFlowerInput = z.object({
  parentName: requiredText(msg("Your name is required")),
  email: emailField(msg("A valid email address is required")),
  babyFirstName: requiredText(msg("Baby's first name is required")),
  babyMiddleName: optionalText(),
  babyLastName: requiredText(msg("Baby's last name is required (an initial is fine)")),
  lossDate: optionalText(LIMITS.lossDate),
  flowerType: flowerTypeField,
  emailUpdates: z.boolean().optional().default(false),
  website: honeypotField,
});
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
  commentText: string;
  commentCategory: CommentCategory;
  createdAt: string;
}

export interface CommentLibraryDto {
  id: number;
  text: string;
  category: CommentCategory;
}
