/**
 * Numbers as people read them, in the page's language: "100,000 memorial flowers in the garden",
 * "Page 1 of 8,334". The site is written in English; a page in another language passes its own.
 */
export const PAGE_LANGUAGE = "en";

// One formatter per language: making one costs far more than using it, and a garden page formats dozens.
const formatters = new Map<string, Intl.NumberFormat>();

/** A whole number with the language's thousands separators (10000 → "10,000" in English). */
export function formatCount(n: number, language: string = PAGE_LANGUAGE): string {
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    if (formatters.size < 8) formatters.set(language, format);
  }
  return format.format(n);
}
