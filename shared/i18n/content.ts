import { DEFAULT_LOCALE, type Locale } from "./locale";
import type { SiteConfig } from "../schemas/site";

/** Whether the team has this language turned on in site.json (`languages`). */
export function languageOn(site: Pick<SiteConfig, "languages">, locale: Locale): boolean {
  return site.languages.includes(locale);
}

/** A page's address in a language: English at today's addresses, another language under its prefix ("/es/garden-of-remembrance"). */
export function localePath(locale: Locale, path: string): string {
  return locale === DEFAULT_LOCALE ? path : `/${locale}${path === "/" ? "" : path}`;
}

/** The page's address for a reader of `locale`, or the default language's when the team has that language turned off. */
export function pathFor(site: Pick<SiteConfig, "languages">, locale: Locale, path: string): string {
  return localePath(languageOn(site, locale) ? locale : DEFAULT_LOCALE, path);
}

/**
 * The formatting conventions of each language, as the site's readers in the United States write:
 * Spanish as es-US ("100,000", "26 de diciembre de 2026"), not Spain's "100.000".
 */
export const FORMAT_TAG: Record<Locale, string> = { en: "en-US", es: "es-US" };

/** The date formats of each language, one per language and time zone (making one costs far more than using it). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A day as the reader writes it: "December 26, 2026" in English, "26 de diciembre de 2026" in
 * Spanish; in `timeZone` (the organisation's, from site.json) or, without one, the runtime's.
 */
export function longDate(date: Date, locale: Locale, timeZone?: string): string {
  const key = `${locale} ${timeZone ?? ""}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(FORMAT_TAG[locale], { dateStyle: "long", ...(timeZone ? { timeZone } : {}) });
    if (dateFormats.size < 16) dateFormats.set(key, format);
  }
  return format.format(date);
}
