import { GARDEN_MAX_PAGE_DOTS, GARDEN_PAGE_SIZE } from "../../shared/constants";
import { describeFlower } from "../../shared/flowers";
import type { PublicFlowerDto } from "../../shared/schemas/public";
import { fullName } from "../../shared/garden";
import { translate, type MessageValues } from "../../shared/i18n/translate";

/**
 * The garden's pure logic: filters,
 * search, the result heading's wording, pagination and sampled page dots.
 * No React here, so every rule is unit-tested on its own.
 */

export interface GardenFilter {
  /** A flower type, or null for every flower. */
  flower: string | null;
  /** One letter A–Z, or null for every last name. */
  letter: string | null;
  /** Free text typed into "Search by Name"; surrounding spaces are ignored. */
  search: string;
}

export const NO_FILTER: GardenFilter = { flower: null, letter: null, search: "" };

export const LETTERS: readonly string[] = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));

type Named = Pick<PublicFlowerDto, "babyFirstName" | "babyMiddleName" | "babyLastName">;

/** Case-insensitive substring match on the joined full name; an empty search matches all. */
export function matchesSearch(f: Named, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return fullName(f).toLowerCase().includes(needle);
}

/** True when the baby's last name starts with the letter, ignoring case. */
export function matchesLetter(f: Named, letter: string | null): boolean {
  if (!letter) return true;
  return (f.babyLastName ?? "").trim().toLowerCase().startsWith(letter.toLowerCase());
}

/** The flowers that pass every active filter, in their original order. */
export function filterFlowers<T extends PublicFlowerDto>(flowers: readonly T[], filter: GardenFilter): T[] {
  return flowers.filter((f) => (!filter.flower || f.flowerType === filter.flower) && matchesLetter(f, filter.letter) && matchesSearch(f, filter.search));
}

/** A page's words: the page's language's `t`; English (the code's own sentences) where none is given. */
type Words = (id: string, values?: MessageValues) => string;
const english: Words = (id, values) => translate("en", {}, id, values);

/**
 * The result-count heading, worded for the active filters: search first,
 * then flower and letter, flower only, letter only, or the whole garden.
 */
export function resultHeading(count: number, filter: GardenFilter, more = false, t: Words = english): string {
  const search = filter.search.trim();
  // A broad search is counted only up to a bound (the server's cost stays the same at any garden size).
  if (search && more) return t('Showing more than {count} results for "{search}"', { count, search });
  if (search) return t('Showing {count, plural, one {# result} other {# results}} for "{search}"', { count, search });
  const flower = filter.flower ? t(describeFlower(filter.flower).label) : null;
  const letter = filter.letter ?? "";
  if (flower && letter)
    return t('{count, plural, one {# {flower} memorial} other {# {flower} memorials}} with last names beginning with "{letter}"', { count, flower, letter });
  if (flower) return t("{count, plural, one {# {flower} memorial} other {# {flower} memorials}}", { count, flower });
  if (letter) return t('{count, plural, one {# memorial} other {# memorials}} with last names beginning with "{letter}"', { count, letter });
  return t("{count, plural, one {# memorial flower} other {# memorial flowers}} in the garden", { count });
}

/** The product's empty text for a filtered list with no results (or an empty garden). */
export function emptyText(total: number, filter: GardenFilter, t: Words = english): string {
  if (total === 0) return t("No memorial flowers have been added yet. Be the first to honor your little one.");
  const search = filter.search.trim();
  if (search) return t('No results found for "{search}"', { search });
  if (filter.flower) return t("No flowers found for {flower}", { flower: t(describeFlower(filter.flower).label) });
  return t("No memorial flowers match your criteria");
}

/** How many pages `count` results take (at least one, so "page 1 of 1" is always valid). */
export function pageCount(count: number, pageSize: number = GARDEN_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The items of the zero-based page `page`. */
export function pageItems<T>(items: readonly T[], page: number, pageSize: number = GARDEN_PAGE_SIZE): T[] {
  return items.slice(page * pageSize, (page + 1) * pageSize);
}

/** Moves `step` pages from `page`, wrapping around at both ends. */
export function wrapPage(page: number, step: number, pages: number): number {
  if (pages <= 0) return 0;
  return (((page + step) % pages) + pages) % pages;
}

/**
 * The zero-based pages that get a dot: all of them up to the limit, otherwise
 * the first, the last and evenly spaced ones between.
 */
export function sampledDots(pages: number, max: number = GARDEN_MAX_PAGE_DOTS): number[] {
  if (pages <= max) return Array.from({ length: pages }, (_, i) => i);
  return Array.from({ length: max }, (_, i) => Math.round((i * (pages - 1)) / (max - 1)));
}

/** Reads the garden's filters from a URL query (?search=, ?flower=, ?letter=) for links in emails. */
export function filterFromQuery(query: string): GardenFilter {
  const params = new URLSearchParams(query);
  const letter = (params.get("letter") ?? "").trim().toUpperCase();
  const flower = (params.get("flower") ?? "").trim();
  return {
    search: params.get("search") ?? "",
    flower: flower || null,
    letter: /^[A-Z]$/.test(letter) ? letter : null,
  };
}

/** The query string (with "?", or "") that reopens the garden with these filters. */
export function queryFromFilter(filter: GardenFilter): string {
  const params = new URLSearchParams();
  if (filter.search.trim()) params.set("search", filter.search.trim());
  if (filter.flower) params.set("flower", filter.flower);
  if (filter.letter) params.set("letter", filter.letter);
  const text = params.toString();
  return text ? `?${text}` : "";
}
