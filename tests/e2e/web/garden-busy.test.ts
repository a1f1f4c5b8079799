import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, openHydrated } from "../../support/browser";
import { startGardenServer, type TestServer } from "../../support/testServer";
import { axeViolations } from "../../support/axe";

/**
 * A garden view that is slow to come: the real server answers, but the browser holds its answer back
 * (playwright's routing stands in for a slow network). The list shows a calm busy state only after a
 * short wait (a usual answer comes before it) and says so once to screen readers.
 */

const GARDEN = "/garden-of-remembrance";
const VIEWS = "**/api/memorial-flowers/garden?*";
const BUSY_TEXT = "Finding the flowers…";

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startGardenServer(40, 29);
  browser = await launchBrowser();
  ({ page } = await newPage(browser, server.url, { viewport: { width: 390, height: 900 } }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Records, from the page itself, every text the busy line shows and every aria-busy the results take,
 * and on the page's own clock when the last click came and when the busy line first showed (the test
 * process hears of both later, by how much depends on how busy the machine is).
 */
async function watchBusy(): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { busyTexts: string[]; busyFlags: string[]; clickedAt: number; busyAt: number };
    w.busyTexts = [];
    w.busyFlags = [];
    document.addEventListener("click", () => (w.clickedAt = performance.now()), { capture: true });
    const results = document.querySelector(".memorials__results")!;
    new MutationObserver(() => {
      const text = document.querySelector(".memorials__busy")?.textContent ?? "";
      if (text && !w.busyAt) w.busyAt = performance.now();
      if (text !== (w.busyTexts.at(-1) ?? "")) w.busyTexts.push(text);
      const flag = results.getAttribute("aria-busy") ?? "";
      if (flag !== (w.busyFlags.at(-1) ?? "")) w.busyFlags.push(flag);
    }).observe(results, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["aria-busy"] });
  });
}

const seen = () =>
  page.evaluate(
    () =>
      (window as unknown as { busyTexts: string[]; busyFlags: string[] }) && {
        texts: (window as never as { busyTexts: string[] }).busyTexts,
        flags: (window as never as { busyFlags: string[] }).busyFlags,
      },
  );

const nextPage = () => page.getByRole("navigation", { name: "Result pages, above the list" }).getByRole("link", { name: /Next/ });

describe("a slow garden view", () => {
  it("after a short wait dims the list and says so once, in a polite status, without a spinner; then shows the view", async () => {
    await openHydrated(page, GARDEN);
    await watchBusy();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(VIEWS, async (route: Route) => {
      await held;
      await route.continue().catch(() => undefined); // the test may have ended meanwhile
    });
    try {
      await nextPage().click();
      const status = page.getByRole("status").filter({ hasText: BUSY_TEXT });
      await status.waitFor();
      // Not before the short wait: a usual answer never shows it.
      const waited = await page.evaluate(
        () => (window as never as { busyAt: number; clickedAt: number }).busyAt - (window as never as { clickedAt: number }).clickedAt,
      );
      expect(waited).toBeGreaterThanOrEqual(300);
      expect(await page.locator(".memorials__results").getAttribute("aria-busy")).toBe("true");
      expect(await page.locator(".memorials__results .spinner").count()).toBe(0);
      expect(
        await page
          .locator(".memorial-card .flower-image")
          .first()
          .evaluate((el) => Number(getComputedStyle(el).opacity)),
      ).toBeLessThan(1);
      expect(await axeViolations(page)).toEqual([]);
      // It stays put while the answer is held (said once, not flashing on and off).
      await page.waitForTimeout(700);
      release();
      await page
        .locator(".pager__status", { hasText: /^Page 2 of 4$/ })
        .first()
        .waitFor();
      await expect.poll(async () => page.locator(".memorials__busy").textContent()).toBe("");
      expect(await page.locator(".memorials__results").getAttribute("aria-busy")).toBeNull();
      expect(await seen()).toEqual({ texts: [BUSY_TEXT, ""], flags: ["true", ""] });
    } finally {
      release();
      await page.unroute(VIEWS);
    }
  });
});
