import fs from "node:fs";
import path from "node:path";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../shared/i18n/locale";
import { catalogOf, parsePo } from "../../shared/i18n/po";
import { translate, type Catalog, type MessageValues } from "../../shared/i18n/translate";

/**
 * The translations, read once from the .po files: from shared/i18n when the server runs from source,
 * from dist/server/locales (copied there by scripts/build-server.mjs) when it runs from the build.
 */
const FOLDERS = [path.join(import.meta.dirname, "locales"), path.resolve(import.meta.dirname, "../../shared/i18n")];

let catalogs: Record<Locale, Catalog> | undefined;

/** Each language's catalog (English: empty, its sentences are the code's). */
function allCatalogs(): Record<Locale, Catalog> {
  catalogs ??= Object.fromEntries(LOCALES.map((locale) => [locale, locale === DEFAULT_LOCALE ? {} : readCatalog(locale)])) as Record<Locale, Catalog>;
  return catalogs;
}

function readCatalog(locale: Locale): Catalog {
  for (const folder of FOLDERS) {
    const file = path.join(folder, `${locale}.po`);
    if (fs.existsSync(file)) return Object.freeze(catalogOf(parsePo(fs.readFileSync(file, "utf8"))));
  }
  throw new Error(`the ${locale} catalog (${locale}.po) is missing`);
}

/** The catalog of one language. */
export const catalogFor = (locale: Locale): Catalog => allCatalogs()[locale];

/** A sentence in a language, as the site shows it. */
export const t = (locale: Locale, id: string, values?: MessageValues): string => translate(locale, catalogFor(locale), id, values);
