import { foldText } from "../../shared/garden";

/*
 * How the admin's flower search reads its trigram index. Names and emails are
 * kept folded (lower case, no accents) with two spaces before every word, so
 * that a search of three characters or more finds them anywhere, as before,
 * and a shorter search (which a trigram cannot hold) finds the words it
 * begins: "zo" finds Zoë, "a" finds Anna and Álvarez. The status, the flower
 * type and the ID are kept as marked tokens ("~p~" for waiting, "~lily~",
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

/** The FTS5 query for one admin list view; null when the search has nothing to find. */
export function adminSearchMatch(q: string, status: "pending" | "approved", type?: string): string | null {
  const needle = words(q).join("  ");
  if (!needle) return null;
  const length = [...needle].length;
  let found = `{name parent email} : ${phrase(length >= 3 ? needle : `${" ".repeat(3 - length)}${needle}`)}`;
  if (/^\d{1,15}$/.test(q)) found = `(${found} OR ident : ${phrase(`~${Number(q)}~`)})`;
  // Only waiting flowers carry a status token: the short list is the one read.
  let match = status === "pending" ? `${found} AND status : "~p~"` : `${found} NOT status : "~p~"`;
  if (type) match = `${match} AND type : ${phrase(`~${type}~`)}`;
  return match;
}
