import { z } from "./zod";
import { LIMITS } from "../constants";
import { emailField, flowerTypeField, honeypotField, idField, languageField, optionalText, requiredText } from "./fields";

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

/** POST /api/memorial-flowers: the flower entity without id, approved and createdAt. */
export const MemorialFlowerInput = z.object({
  parentName: requiredText("Your name is required"),
  email: emailField("A valid email address is required"),
  babyFirstName: requiredText("Baby's first name is required"),
  babyMiddleName: optionalText(),
  babyLastName: requiredText("Baby's last name is required (an initial is fine)"),
  lossDate: optionalText(LIMITS.lossDate),
  flowerType: flowerTypeField,
  emailUpdates: z.boolean().optional().default(false),
  language: languageField,
  website: honeypotField,
});
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
