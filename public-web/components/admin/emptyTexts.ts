/** The product's six empty-state texts, word for word. */
export const EMPTY_TEXTS = {
  testimonial: { pending: "No pending testimonials.", approved: "No approved testimonials yet." },
  flower: { pending: "No pending memorial flowers.", approved: "No approved memorial flowers yet." },
  comment: { pending: "No pending memorial comments.", approved: "No approved memorial comments yet." },
} as const;
