import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, openHydrated } from "../../support/browser";
import { startGardenServer, type TestServer } from "../../support/testServer";

/**
 * A page that holds still: nothing moves once it is drawn (hydration, the fonts, the Share button
 * that appears with JavaScript), and the buttons of the garden's cards sit on one line in every row,
 * whatever the length of a name or whether a date is given.
 */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startGardenServer(40, 29);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Every layout shift the page has had since it started loading (none after input is counted here): when,
 * and what moved from where to where, so that a failure says what to look at.
 */
async function layoutShifts(page: Page): Promise<{ value: number; at: number; nodes: string[] }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const shifts: { value: number; at: number; nodes: string[] }[] = [];
        type Source = { node?: Element; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
        const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; startTime: number; sources?: Source[] }[]) {
            shifts.push({
              value: entry.value,
              at: Math.round(entry.startTime),
              nodes: (entry.sources ?? []).map((s) => `${s.node?.className || s.node?.nodeName || "?"} ${box(s.previousRect)} → ${box(s.currentRect)}`),
            });
          }
        }).observe({ type: "layout-shift", buffered: true });
        void document.fonts.ready.then(() => setTimeout(() => resolve(shifts), 800));
      }),
  );
}

describe("a steady layout", () => {
  for (const width of [390, 1280]) {
    it(`has no layout shift at ${width} px on the home page, the garden and a memorial`, async () => {
      const { page, context } = await newPage(browser, server.url, { viewport: { width, height: 900 } });
      try {
        await openHydrated(page, "/garden-of-remembrance");
        const memorial = await page.locator(".memorial-card__name a").first().getAttribute("href");
        for (const path of ["/", "/garden-of-remembrance", memorial!]) {
          await openHydrated(page, path);
          expect(await layoutShifts(page), path).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });
  }

  it("lines up the Comments and Share buttons of every card in a row of the garden", async () => {
    const { page, context } = await newPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
    try {
      await openHydrated(page, "/garden-of-remembrance");
      const cards = await page.locator(".memorial-card").evaluateAll((els) =>
        els.map((card) => ({
          top: Math.round(card.getBoundingClientRect().top),
          buttons: Math.round(card.querySelector(".memorial-card__actions")!.getBoundingClientRect().bottom),
          height: Math.round(card.getBoundingClientRect().height),
        })),
      );
      const rows = new Map<number, number[]>();
      for (const card of cards) rows.set(card.top, [...(rows.get(card.top) ?? []), card.buttons]);
      expect(rows.size).toBeGreaterThan(1);
      // The garden has names of many lengths, some with a date: the rows' cards are not all alike inside.
      for (const [top, bottoms] of rows) expect(new Set(bottoms).size, `the row at ${top} px`).toBe(1);
    } finally {
      await context.close();
    }
  });
});
