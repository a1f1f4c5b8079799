import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../shared/i18n/locale";
import { catalogOf, parsePo } from "../../shared/i18n/po";
import { COMMENT_LIBRARY, commentText } from "../../shared/commentLibrary";
import { FLOWERS } from "../../shared/flowers";
import { flowerWords } from "../../shared/flowerWords";
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
    if (fs.existsSync(file)) return Object.freeze({ ...catalogOf(parsePo(fs.readFileSync(file, "utf8"))), ...dataWords(locale) });
  }
  throw new Error(`the ${locale} catalog (${locale}.po) is missing`);
}

/**
 * The flowers' words and the comment library's messages in `locale`, keyed by their English as the
 * pages show it (`t(flower.meaning)`, `t(comment.commentText)`). They travel in the page's catalog
 * rather than in the pages' scripts: an English page pays nothing for them, and the home page's
 * script stays within its budget. Their translations live with the data (shared/flowerWords.ts,
 * shared/commentLibrary.ts), checked by their own tests, not in the .po file.
 */
function dataWords(locale: Locale): Catalog {
  const words: Record<string, string> = {};
  for (const flower of FLOWERS) {
    const spoken = flowerWords(flower.type, locale);
    words[flower.label] = spoken.label;
    words[flower.meaning] = spoken.meaning;
    words[flower.symbolism] = spoken.symbolism;
  }
  // What any page shows for a type the list does not know (describeFlower).
  const unknown = flowerWords("", locale);
  words.Flower = unknown.label;
  words.Memorial = unknown.meaning;
  for (const entry of COMMENT_LIBRARY) words[entry.en] = commentText(entry.id, locale, entry.en);
  return words;
}

/** The catalog of one language. */
export const catalogFor = (locale: Locale): Catalog => allCatalogs()[locale];

/** A sentence in a language, as the site shows it. */
export const t = (locale: Locale, id: string, values?: MessageValues): string => translate(locale, catalogFor(locale), id, values);

/** A language's catalog as the browser fetches it: JSON under an address named by its content. */
export interface CatalogFile {
  locale: Locale;
  path: string;
  body: Buffer;
}

let files: readonly CatalogFile[] | undefined;

/**
 * The catalogs the browser reads before it hydrates a page in another language. They are files of
 * their own, not part of each page: a Spanish page carried about 46 KB of them (16 KB compressed), which
 * held back its first paint on a slow phone, and a family reading several pages fetched them again with
 * each. Named by their content, they are kept by the browser for a year and served from memory with
 * the built files (lib/staticFiles.ts).
 */
export function catalogFiles(): readonly CatalogFile[] {
  files ??= LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => {
    const body = Buffer.from(JSON.stringify(catalogFor(locale)));
    const hash = createHash("sha256").update(body).digest("base64url").slice(0, 12);
    return { locale, path: `/assets/catalog-${locale}-${hash}.json`, body };
  });
  return files;
}

/** The address of `locale`'s catalog file; none for English, whose sentences are the code's. */
export const catalogAddress = (locale: Locale): string | undefined => catalogFiles().find((file) => file.locale === locale)?.path;
