import { formatCount } from "../numbers";
import { DEFAULT_LOCALE, type Locale } from "./locale";

/**
 * A language's catalog: each English sentence (gettext's msgid, as written in the code and the schemas)
 * to its translation. English needs none: the code's own words are the English. Read from the .po files
 * by the server, and sent to the browser with the page (see public-web/lib/i18n.tsx).
 */
export type Catalog = Readonly<Record<string, string>>;

export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * The sentence `id` in `locale`, with its values: `{name}` is replaced, a number formatted for the
 * language; `{count, plural, one {# flower} other {# flowers}}` chooses by the language's plural rules
 * (`=0 {…}` first), `#` being the number. A sentence the catalog lacks shows in English (the build
 * refuses a catalog with one missing, so a visitor meets this only while a new build is deployed).
 */
export function translate(locale: Locale, catalog: Catalog, id: string, values?: MessageValues): string {
  const text = (locale !== DEFAULT_LOCALE && catalog[id]) || id;
  return values ? format(text, locale, values) : text;
}

/**
 * Marks a sentence written outside a component or a request (a route's title, a menu's labels, a schema's
 * messages) for the catalogs; it is translated where it is shown.
 */
export const msg = (id: string): string => id;

const plurals = new Map<Locale, Intl.PluralRules>();

function format(text: string, locale: Locale, values: MessageValues): string {
  let out = "";
  let at = 0;
  for (let open = text.indexOf("{"); open >= 0; open = text.indexOf("{", at)) {
    const close = matching(text, open);
    if (close < 0) break;
    out += text.slice(at, open);
    out += placeholder(text.slice(open + 1, close), locale, values);
    at = close + 1;
  }
  return out + text.slice(at);
}

function placeholder(body: string, locale: Locale, values: MessageValues): string {
  const comma = body.indexOf(",");
  const name = (comma < 0 ? body : body.slice(0, comma)).trim();
  const value = values[name];
  const shown = typeof value === "number" ? formatCount(value, locale) : (value ?? `{${name}}`);
  if (comma < 0) return shown;
  // "count, plural, one {…} other {…}"
  const rest = body.slice(comma + 1);
  const second = rest.indexOf(",");
  if (rest.slice(0, second).trim() !== "plural" || typeof value !== "number") return shown;
  const options = new Map<string, string>();
  let at = second + 1;
  while (at < rest.length) {
    const open = rest.indexOf("{", at);
    if (open < 0) break;
    const close = matching(rest, open);
    if (close < 0) break;
    options.set(rest.slice(at, open).trim(), rest.slice(open + 1, close));
    at = close + 1;
  }
  let rules = plurals.get(locale);
  if (!rules) plurals.set(locale, (rules = new Intl.PluralRules(locale)));
  const chosen = options.get(`=${value}`) ?? options.get(rules.select(value)) ?? options.get("other") ?? "";
  return format(chosen.replace(/#/g, shown), locale, values);
}

/** The index of the brace closing the one at `open`, or -1. */
function matching(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return -1;
}
