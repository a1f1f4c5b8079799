import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locale";

/** The address prefix of each language: English keeps the site's addresses, Spanish lives under /es. */
const PREFIX: Record<Locale, string> = { en: "", es: "/es" };

/** The language of a page address: "/es" and everything under "/es/" is Spanish. */
export function localeOfPath(pathname: string): Locale {
  for (const locale of LOCALES) {
    const prefix = PREFIX[locale];
    if (prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) return locale;
  }
  return DEFAULT_LOCALE;
}

/** A page address without trailing slashes ("/about-us/" and "/about-us" are one page); "/" stays "/". */
export const withoutTrailingSlash = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname);

/** The router's base for a language ("" for English). */
export const localeBase = (locale: Locale): string => PREFIX[locale];

/** The address without its language prefix: "/es/about-us" → "/about-us", "/es" → "/". */
export function pathWithoutLocale(pathname: string): string {
  const prefix = PREFIX[localeOfPath(pathname)];
  return prefix ? pathname.slice(prefix.length) || "/" : pathname;
}

/** The same page in `locale`: "/about-us?x" → "/es/about-us?x", "/" → "/es". `address` has no prefix. */
export function pathInLocale(address: string, locale: Locale): string {
  const prefix = PREFIX[locale];
  if (!prefix) return address;
  return address === "/" || address.startsWith("/?") || address.startsWith("/#") ? prefix + address.slice(1) : prefix + address;
}
