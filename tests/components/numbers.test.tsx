import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { LOCALES } from "../../shared/i18n/locale";
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

  it("are written exactly as Intl.NumberFormat writes them, in every language the site speaks", () => {
    const samples = [0, -0, 7, 999, 1000, 1001, 9999, 10_000, 99_999, 100_000, 123_456, 1_000_000, 1_234_567, 2 ** 40, Number.MAX_SAFE_INTEGER];
    const awkward = [
      0.4,
      0.5,
      1.5,
      2.5,
      999.5,
      9999.5,
      -0.4,
      -0.5,
      -2.5,
      -1234,
      -12_345.6,
      1e21,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ];
    // A spread of sizes, the same on every run.
    const spread = Array.from({ length: 400 }, (_, i) => Math.floor(((i * 2_654_435_761) % 4_294_967_296) / 10 ** (i % 10)));
    for (const language of [...LOCALES, "fr", "de"]) {
      const intl = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
      for (const n of [...samples, ...awkward, ...spread]) expect(formatCount(n, language), `${n} in ${language}`).toBe(intl.format(n));
    }
  });

  it("need no Intl.NumberFormat in the languages the site speaks (a browser's first one costs a page tens of milliseconds)", async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, "NumberFormat");
    try {
      const fresh = await import("../../shared/numbers");
      for (const language of LOCALES) expect(fresh.formatCount(12_345, language)).toMatch(/^12.345$/);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
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
