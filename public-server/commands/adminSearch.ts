import { foldText } from "../../shared/garden";

/*
 * How the admin's flower search reads its trigram index. Names and emails are
 * kept folded (lower case, no accents) with two spaces before every word, so
 * that a search of three characters or more finds them anywhere, as before,
 * and a shorter search (which a trigram cannot hold) finds the words it
 * begins: "zo" finds Zoë, "a" finds Anna and Álvarez. The status, the flower
 * type and the ID are kept as marked tokens ("~p~" for waiting, "~w~" for
 * withdrawn by the family, which is in neither list, "~lily~",
 * "~42~"), so a whole search (its count and its page) is answered by the
 * index alone, without reading the flowers it finds.
 */

const words = (text: string) => foldText(text).trim().split(/\s+/).filter(Boolean);

/** A name or email as the index keeps it: "  grace  marie  lee". */
export const adminSearchText = (text: string): string =>
  words(text)
    .map((w) => `  ${w}`)
    .join("");

/** An FTS5 phrase: quoted, so its characters are never read as query syntax. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** Control characters (NUL among them) are in no name, and FTS5 cannot read them in a phrase. */
// eslint-disable-next-line no-control-regex -- these are the characters looked for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A search as text kept by `adminSearchText` holds it: three characters or
 * more anywhere, fewer the start of a word (spaces in front, which only a
 * word's start has). Null when nothing can match: nothing left once folded
 * (a lone accent), or a control character.
 */
export function searchNeedle(q: string): string | null {
  if (CONTROL.test(q)) return null;
  const needle = words(q).join("  ");
  if (!needle) return null;
  const length = [...needle].length;
  return length >= 3 ? needle : `${" ".repeat(3 - length)}${needle}`;
}

/** The same as one FTS5 phrase over a trigram index (the garden's search reads its index this way too). */
export function searchPhrase(q: string): string | null {
  const needle = searchNeedle(q);
  return needle === null ? null : phrase(needle);
}

/** The FTS5 query for one admin list view; null when the search has nothing to find. */
export function adminSearchMatch(q: string, status: "pending" | "approved", type?: string): string | null {
  const searched = searchPhrase(q);
  if (!searched) return null;
  let found = `{name parent email} : ${searched}`;
  if (/^\d{1,15}$/.test(q)) found = `(${found} OR ident : ${phrase(`~${Number(q)}~`)})`;
  // Only waiting flowers carry a status token: the short list is the one read.
  let match = status === "pending" ? `${found} AND status : "~p~"` : `${found} NOT status : "~p~" NOT status : "~w~"`;
  if (type) match = `${match} AND type : ${phrase(`~${type}~`)}`;
  return match;
}
