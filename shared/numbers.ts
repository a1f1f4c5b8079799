/**
 * Numbers as people read them, in the page's language: "100,000 memorial flowers in the garden",
 * "Page 1 of 8,334". The site is written in English; a page in another language passes its own.
 */
export const PAGE_LANGUAGE = "en";

/**
 * How each language writes a whole number: its thousands separator, and the fewest digits it groups
 * (Spanish writes 1000 but 10.000). These are the rules Intl.NumberFormat follows (CLDR's); a test
 * holds them to it for every language the site speaks.
 *
 * They are written out because a browser's first Intl.NumberFormat loads its number data: 45–90 ms of
 * a page's main thread on the team's 2-core machine, four times that on the slow phone Lighthouse
 * imitates. The garden formats its count as it hydrates, so every visit paid it.
 */
const GROUPING: Readonly<Record<string, { separator: string; from: number }>> = {
  en: { separator: ",", from: 4 },
  es: { separator: ".", from: 5 },
};

// For any other language: one formatter each, as making one costs far more than using it.
const formatters = new Map<string, Intl.NumberFormat>();

/** A whole number (rounded half away from zero) with the language's thousands separators: 10000 → "10,000". */
export function formatCount(n: number, language: string = PAGE_LANGUAGE): string {
  const grouping = GROUPING[language];
  const whole = Math.round(Math.abs(n));
  if (!grouping || !Number.isSafeInteger(whole)) return formatterFor(language).format(n);
  const digits = String(whole);
  // Intl writes a negative sign for every negative number, "-0" included.
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  if (digits.length < grouping.from) return sign + digits;
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let at = out.length; at < digits.length; at += 3) out += grouping.separator + digits.slice(at, at + 3);
  return sign + out;
}

function formatterFor(language: string): Intl.NumberFormat {
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    if (formatters.size < 8) formatters.set(language, format);
  }
  return format;
}
