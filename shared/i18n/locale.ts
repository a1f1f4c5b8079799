/**
 * The languages the public site speaks. English keeps today's addresses; every
 * other language lives under its own prefix (/es/…), so no link a family was
 * sent ever breaks. A submission, a family's emails and their notes carry the
 * language they were made in.
 */
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
