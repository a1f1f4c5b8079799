import { FLOWER_TYPES } from "./flowers";
import { msg } from "./i18n/translate";
import type { GardenPageDto, GardenQuery } from "./schemas/public";

/**
 * The garden's rules shared by the server's query, the site and the tests:
 * how a name is joined and folded for search, the letter of a last name,
 * a memorial's address, and the garden's address query (?flower=&letter=&search=&page=).
 */

type Named = { babyFirstName: string; babyMiddleName?: string | null; babyLastName?: string | null };

/** First, middle and last name joined by single spaces, skipping empty parts. */
export function fullName(f: Named): string {
  return [f.babyFirstName, f.babyMiddleName, f.babyLastName]
    .map((part) => (part ?? "").trim())
    .filter(Boolean)
    .join(" ");
}

/** Lower case without accents ("Zoë" → "zoe", "JOSÉ" → "jose"): searching for one finds the other. */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The folded first letter of the last name ("Émile" → "e"), or "" when there is none. */
export function lastInitial(lastName: string | null | undefined): string {
  return [...foldText((lastName ?? "").trim())][0] ?? "";
}

/** A memorial's address segment: "1234-grace-marie-lee" (the id decides; the words are for people). */
function memorialSlug(f: Named & { id: number }): string {
  const words = foldText(fullName(f))
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return words ? `${f.id}-${words}` : String(f.id);
}

export const GARDEN_PATH = "/garden-of-remembrance";

/** The words a memorial opens with, before the baby's name. */
export const IN_LOVING_MEMORY = msg("In loving memory of");
export const inLovingMemoryOf = (name: string) => `${IN_LOVING_MEMORY} ${name}`;

/** The memorial page's path for a flower. */
export const memorialPath = (f: Named & { id: number }) => `${GARDEN_PATH}/${memorialSlug(f)}`;

/** The id at the start of a memorial address segment ("1234-grace" → 1234), or null. */
export function memorialIdFrom(segment: string): number | null {
  const match = /^([1-9][0-9]{0,9})(?:-|$)/.exec(segment);
  return match ? Number(match[1]) : null;
}

/** Longest search the garden takes (longer text is cut, never refused: an address must always open). */
const MAX_SEARCH = 100;

/** The garden's view: a flower type, a last-name letter, a name search and a page (1-based). */
export type { GardenQuery };

/**
 * Reads an address's query leniently: an unknown flower, a bad letter or page
 * falls back to "all" or page 1, so any address opens (repeated keys: the first counts).
 */
export function gardenQueryFrom(params: URLSearchParams | string): GardenQuery {
  const p = typeof params === "string" ? new URLSearchParams(params) : params;
  const flower = (p.get("flower") ?? "").trim();
  const letter = (p.get("letter") ?? "").trim().toUpperCase();
  const page = Number(p.get("page") ?? "1");
  return {
    flower: (FLOWER_TYPES as readonly string[]).includes(flower) ? flower : null,
    letter: /^[A-Z]$/.test(letter) ? letter : null,
    search: (p.get("search") ?? "").trim().slice(0, MAX_SEARCH),
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

/** The query string (with "?", or "") of a view; page 1 and empty filters are left out. */
export function gardenQueryString(q: Partial<GardenQuery>): "" | `?${string}` {
  const params = new URLSearchParams();
  if (q.flower) params.set("flower", q.flower);
  if (q.letter) params.set("letter", q.letter);
  if (q.search?.trim()) params.set("search", q.search.trim());
  if (q.page && q.page > 1) params.set("page", String(q.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export type { GardenPageDto };

/** The API address of one view (also the key the site's query cache files it under). */
export const gardenApiPath = (q: Partial<GardenQuery>) => `/api/memorial-flowers/garden${gardenQueryString(q)}` as const;
export const flowerApiPath = (id: number) => `/api/memorial-flowers/${id}` as const;
export const commentsApiPath = (id: number) => `/api/memorial-flowers/${id}/comments` as const;
export const LIBRARY_API_PATH = "/api/comment-library";

/** The memorial page's segment of a path ("/garden-of-remembrance/1234-grace" → "1234-grace"), or null. */
export function memorialSegment(pathname: string): string | null {
  const match = /^\/garden-of-remembrance\/([^/]+)\/?$/.exec(pathname);
  return match ? match[1]! : null;
}
