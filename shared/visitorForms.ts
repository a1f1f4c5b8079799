import type { CommentLibraryDto, PublicFlowerDto } from "./schemas/public";

/** The four visitor forms. Each posts `form=<kind>` with its fields, so it works before JavaScript. */
export const VISITOR_FORMS = ["assistance", "flower", "comment", "testimonial"] as const;
export type VisitorFormKind = (typeof VISITOR_FORMS)[number];

/** The hidden field that names the form a plain (JavaScript-free) post came from. */
export const FORM_KIND_FIELD = "form";

/** The answer to a plain form post, rendered into the page it came from. */
export interface PostedForm {
  kind: VisitorFormKind;
  /** True when it was received; the page then shows the form's success title and text. */
  sent: boolean;
  /** What the person typed, kept on an error (never the hidden bot field). */
  values: Record<string, string>;
  /** Field → sentence, shown beside the fields. */
  errors: Record<string, string>;
  /** A sentence about the whole form (e.g. too many messages), when there is one. */
  message?: string;
}

/** What the server hands one rendering of a page besides the site configuration. */
export interface PageData {
  form?: PostedForm;
  /** The memorial a comment is being written for, with the messages to choose from. */
  comment?: { flower: PublicFlowerDto; library: CommentLibraryDto[] };
}
