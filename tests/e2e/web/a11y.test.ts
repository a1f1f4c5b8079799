import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newPage, openHydrated } from "../../support/browser";
import { startTestServer, type TestServer } from "../../support/testServer";
import { PUBLIC_PAGES } from "./sitePages";
import { axeViolations } from "../../support/axe";

// WCAG 2.2 AA with axe-core on every public route, and on a phone with the drawer open.
// Needs the production build: `npm run build:web`.

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** axe's violations as short lines a person can act on. */
async function violations(page: Page): Promise<string[]> {
  // Contrast is judged on the settled page, not halfway through a fade-in (the meanings carousel).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  // The donation frame points at an outside site that this closed network cannot reach.
  return axeViolations(page, { exclude: "iframe" });
}

describe("accessibility (axe, WCAG 2.2 AA)", () => {
  // Sixteen pages, each hydrated, settled and scanned: about 28 s alone, and more than the default
  // minute once in a full run beside the other browser tests. It measures no time, so it gets room.
  it("finds no violation on any public route or the not-found page, on a desktop screen", { timeout: 180_000 }, async () => {
    const { page, context } = await newPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
    try {
      for (const path of [...PUBLIC_PAGES.map((c) => c.path), "/no-such-page"]) {
        await openHydrated(page, path);
        expect(await violations(page), path).toEqual([]);
      }
      // An open header menu too.
      await page.goto("/");
      await page.getByRole("button", { name: "Start Here" }).click();
      expect(await violations(page), "open menu").toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("finds no violation on a phone, with and without the drawer open", async () => {
    const { page, context } = await newPage(browser, server.url, { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    try {
      for (const path of ["/", "/support-resources", "/who-we-are"]) {
        await openHydrated(page, path);
        expect(await violations(page), path).toEqual([]);
      }
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await page.getByRole("dialog", { name: "Site menu" }).waitFor();
      expect(await violations(page), "drawer open").toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps a visible focus outline and honours reduced motion", async () => {
    const { page, context } = await newPage(browser, server.url, { viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
    try {
      await page.goto("/about-us");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      expect(outline).not.toBe("none");
      const duration = await page.evaluate(() => getComputedStyle(document.querySelector(".btn")!).transitionDuration);
      expect(parseFloat(duration)).toBeLessThan(0.01);
    } finally {
      await context.close();
    }
  });
});
