import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { formatCount } from "../../shared/numbers";
import { NO_FILTER } from "../../public-web/lib/garden";
import { Pagination } from "../../public-web/components/garden/Pagination";
import { PendingBadge } from "../../public-web/components/admin/PendingBadge";

/** What a person reads, without the markup. */
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("numbers a person reads", () => {
  it("carry the page's language's thousands separators", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(8334)).toBe("8,334");
    expect(formatCount(100_000)).toBe("100,000");
    expect(formatCount(1_234_567, "en")).toBe("1,234,567");
    // Another language groups its own way (the site is in English today).
    expect(formatCount(100_000, "es")).toBe("100.000");
  });

  it("in the garden's pager: Page 1 of 8,334, the dots named the same way", () => {
    const markup = renderToStaticMarkup(
      h(MemoryRouter, null, h(Pagination, { query: { ...NO_FILTER, page: 1 }, page: 1, pages: 8334, onGo: () => undefined, label: "Result pages" })),
    );
    expect(text(markup)).toContain("Page 1 of 8,334");
    expect(markup).toContain('aria-label="Page 8,334 of 8,334"');
    // Only the addresses keep the plain number (?page=8334).
    const read = [text(markup), ...(markup.match(/aria-label="[^"]*"/g) ?? [])];
    expect(read.filter((t) => t.includes("8334"))).toEqual([]);
  });

  it("in the admin's pending badges", () => {
    expect(text(renderToStaticMarkup(h(PendingBadge, { count: 12_500 })))).toBe("12,500 , 12,500 pending");
  });
});
