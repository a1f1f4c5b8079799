/**
 * The three kinds of item volunteers moderate, as the server, the web admin and
 * the desktop app all name them: the address segment under /api/admin, the
 * words for one item, and the texts shown about it. What only the server needs
 * (tables, caches, log summaries) stays in the server, keyed by these kinds.
 */
export const MODERATED_KINDS = ["testimonial", "flower", "comment"] as const;
export type ModeratedKind = (typeof MODERATED_KINDS)[number];

export interface ModeratedKindInfo {
  /** The admin API's segment: /api/admin/{path}, /api/admin/{path}/{id}/approve. */
  path: "testimonials" | "memorial-flowers" | "memorial-comments";
  /** One item in a sentence ("memorial flower"). */
  noun: string;
  /** The list's heading and tab label. */
  title: string;
  approvedTitle: string;
  approvedMessage: string;
  deletedTitle: string;
  deletedMessage: string;
  approveFailed: string;
  deleteFailed: string;
  emptyPending: string;
  emptyApproved: string;
}

export const MODERATION = {
  testimonial: {
    path: "testimonials",
    noun: "testimonial",
    title: "Testimonials",
    approvedTitle: "Testimonial Approved",
    approvedMessage: "The testimonial is now visible to visitors.",
    deletedTitle: "Testimonial Deleted",
    deletedMessage: "The testimonial has been permanently removed.",
    approveFailed: "Failed to approve testimonial.",
    deleteFailed: "Failed to delete testimonial.",
    emptyPending: "No pending testimonials.",
    emptyApproved: "No approved testimonials yet.",
  },
  flower: {
    path: "memorial-flowers",
    noun: "memorial flower",
    title: "Memorial Flowers",
    approvedTitle: "Memorial Flower Approved",
    approvedMessage: "The memorial flower is now visible in the garden.",
    deletedTitle: "Memorial Flower Deleted",
    deletedMessage: "The memorial flower has been permanently removed.",
    approveFailed: "Failed to approve memorial flower.",
    deleteFailed: "Failed to delete memorial flower.",
    emptyPending: "No pending memorial flowers.",
    emptyApproved: "No approved memorial flowers yet.",
  },
  comment: {
    path: "memorial-comments",
    noun: "memorial comment",
    title: "Comments",
    approvedTitle: "Memorial Comment Approved",
    approvedMessage: "The memorial comment is now visible.",
    deletedTitle: "Memorial Comment Deleted",
    deletedMessage: "The memorial comment has been permanently removed.",
    approveFailed: "Failed to approve memorial comment.",
    deleteFailed: "Failed to delete memorial comment.",
    emptyPending: "No pending memorial comments.",
    emptyApproved: "No approved memorial comments yet.",
  },
} as const satisfies Record<ModeratedKind, ModeratedKindInfo>;

const NOT_APPLIED = "so your decision was not applied.";

/**
 * The item is gone (404), in the server's words; `decision`: as the desktop app says it of a queued
 * decision that found the item gone.
 */
export const goneMessage = (kind: ModeratedKind, decision = false) => `This ${MODERATION[kind].noun} no longer exists${decision ? `, ${NOT_APPLIED}` : "."}`;

/** The item changed since it was read (412): the same words from the server and the desktop app's re-check. */
export const changedMessage = (kind: ModeratedKind) => `This ${MODERATION[kind].noun} was changed by someone else since you reviewed it, ${NOT_APPLIED}`;
