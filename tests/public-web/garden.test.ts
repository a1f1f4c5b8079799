import { describe, expect, it } from "vitest";
import {
  emptyText,
  filterFlowers,
  filterFromQuery,
  LETTERS,
  NO_FILTER,
  pageCount,
  pageItems,
  queryFromFilter,
  resultHeading,
  sampledDots,
  wrapPage,
} from "../../public-web/lib/garden";
import { fullName } from "../../shared/garden";
import type { PublicFlowerDto } from "../../shared/schemas/public";

let nextId = 1;
const flower = (first: string, middle: string | null, last: string | null, flowerType = "lily"): PublicFlowerDto => ({
  id: nextId++,
  babyFirstName: first,
  babyMiddleName: middle,
  babyLastName: last,
  lossDate: null,
  flowerType,
});

const garden = [
  flower("Anna", "Marie", "Brown", "pink-rose"),
  flower("Peter", null, "B.", "lily"),
  flower("Joanna", "", "Clark", "lily"),
  flower("Luke", "Anthony", null, "tulip"),
  flower("Grace", null, "  baker ", "pink-rose"),
];

describe("fullName", () => {
  it("joins the present parts with single spaces", () => {
    expect(fullName(garden[0]!)).toBe("Anna Marie Brown");
    expect(fullName(garden[1]!)).toBe("Peter B.");
    expect(fullName(garden[3]!)).toBe("Luke Anthony");
    expect(fullName(garden[4]!)).toBe("Grace baker");
  });
});

describe("filterFlowers", () => {
  it("keeps everything without a filter", () => {
    expect(filterFlowers(garden, NO_FILTER)).toHaveLength(5);
  });

  it("searches first, middle and last name together, ignoring case", () => {
    expect(filterFlowers(garden, { ...NO_FILTER, search: "ANNA" }).map((f) => f.babyFirstName)).toEqual(["Anna", "Joanna"]);
    expect(filterFlowers(garden, { ...NO_FILTER, search: "marie brown" }).map((f) => f.babyFirstName)).toEqual(["Anna"]);
    expect(filterFlowers(garden, { ...NO_FILTER, search: "  anthony " }).map((f) => f.babyFirstName)).toEqual(["Luke"]);
    expect(filterFlowers(garden, { ...NO_FILTER, search: "zzz" })).toEqual([]);
  });

  it("matches the letter at the start of the last name only, ignoring case and spaces", () => {
    expect(filterFlowers(garden, { ...NO_FILTER, letter: "B" }).map((f) => f.babyFirstName)).toEqual(["Anna", "Peter", "Grace"]);
    expect(filterFlowers(garden, { ...NO_FILTER, letter: "A" })).toEqual([]); // "Anthony" is a middle name
  });

  it("combines flower, letter and search", () => {
    expect(filterFlowers(garden, { flower: "pink-rose", letter: "B", search: "" }).map((f) => f.babyFirstName)).toEqual(["Anna", "Grace"]);
    expect(filterFlowers(garden, { flower: "pink-rose", letter: "B", search: "grace" }).map((f) => f.babyFirstName)).toEqual(["Grace"]);
    expect(filterFlowers(garden, { flower: "lily", letter: null, search: "" })).toHaveLength(2);
  });
});

describe("resultHeading", () => {
  it("words each case", () => {
    expect(resultHeading(3, { ...NO_FILTER, search: " anna " })).toBe('Showing 3 results for "anna"');
    expect(resultHeading(1, { flower: "lily", letter: "B", search: "anna" })).toBe('Showing 1 result for "anna"');
    expect(resultHeading(1000, { ...NO_FILTER, search: "an" }, true)).toBe('Showing more than 1,000 results for "an"');
    expect(resultHeading(12, { flower: "pink-rose", letter: "B", search: "" })).toBe('12 Pink Rose memorials with last names beginning with "B"');
    expect(resultHeading(45, { flower: "lily", letter: null, search: "" })).toBe("45 Lily memorials");
    expect(resultHeading(1, { flower: "lily", letter: null, search: "  " })).toBe("1 Lily memorial");
    expect(resultHeading(30, { flower: null, letter: "C", search: "" })).toBe('30 memorials with last names beginning with "C"');
    expect(resultHeading(823, NO_FILTER)).toBe("823 memorial flowers in the garden");
    expect(resultHeading(1, NO_FILTER)).toBe("1 memorial flower in the garden");
  });

  it("writes its count with thousands separators", () => {
    expect(resultHeading(100_000, NO_FILTER)).toBe("100,000 memorial flowers in the garden");
    expect(resultHeading(3352, { ...NO_FILTER, search: "anna" })).toBe('Showing 3,352 results for "anna"');
    expect(resultHeading(1200, { flower: "lily", letter: null, search: "" })).toBe("1,200 Lily memorials");
    expect(resultHeading(10_001, { flower: null, letter: "C", search: "" })).toBe('10,001 memorials with last names beginning with "C"');
  });
});

describe("emptyText", () => {
  it("uses the product's texts", () => {
    expect(emptyText(0, NO_FILTER)).toBe("No memorial flowers have been added yet. Be the first to honor your little one.");
    expect(emptyText(5, { ...NO_FILTER, search: "zed" })).toBe('No results found for "zed"');
    expect(emptyText(5, { flower: "forget-me-not", letter: "Q", search: "" })).toBe("No flowers found for Forget-Me-Not");
    expect(emptyText(5, { flower: null, letter: "Q", search: "" })).toBe("No memorial flowers match your criteria");
  });
});

describe("pagination", () => {
  it("counts pages of 12, at least one", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(12)).toBe(1);
    expect(pageCount(13)).toBe(2);
    expect(pageCount(823)).toBe(69);
  });

  it("slices a page", () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    expect(pageItems(items, 0)).toEqual(items.slice(0, 12));
    expect(pageItems(items, 2)).toEqual([24, 25, 26, 27, 28, 29]);
  });

  it("wraps Previous and Next", () => {
    expect(wrapPage(0, -1, 69)).toBe(68);
    expect(wrapPage(68, 1, 69)).toBe(0);
    expect(wrapPage(3, 1, 69)).toBe(4);
    expect(wrapPage(0, 1, 1)).toBe(0);
    expect(wrapPage(0, -1, 4)).toBe(3);
  });

  it("shows every dot up to 7 pages, then 7 sampled ones with first and last", () => {
    expect(sampledDots(1)).toEqual([0]);
    expect(sampledDots(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(sampledDots(8)).toEqual([0, 1, 2, 4, 5, 6, 7]);
    const dots = sampledDots(69);
    expect(dots).toHaveLength(7);
    expect(dots[0]).toBe(0);
    expect(dots[6]).toBe(68);
    expect(new Set(dots).size).toBe(7);
    expect(dots).toEqual([...dots].sort((a, b) => a - b));
    expect(dots).toEqual([0, 11, 23, 34, 45, 57, 68]);
  });
});

describe("URL query", () => {
  it("reads and writes search, flower and letter", () => {
    expect(filterFromQuery("?search=Anna%20Marie&flower=lily&letter=b")).toEqual({ search: "Anna Marie", flower: "lily", letter: "B" });
    expect(filterFromQuery("")).toEqual(NO_FILTER);
    expect(filterFromQuery("?letter=ab")).toEqual(NO_FILTER);
    expect(queryFromFilter({ search: " Anna ", flower: "lily", letter: "B" })).toBe("?search=Anna&flower=lily&letter=B");
    expect(queryFromFilter(NO_FILTER)).toBe("");
  });

  it("has 26 letters", () => {
    expect(LETTERS).toHaveLength(26);
    expect(LETTERS.join("")).toBe("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  });
});
