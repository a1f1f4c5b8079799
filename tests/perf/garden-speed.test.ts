import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, openHydrated } from "../support/browser";
import { startGardenServer, type TestServer } from "../support/testServer";
import { letterTimesAt4x, median } from "../support/gardenSpeed";

/**
 * How quickly the garden follows a letter, on a slow phone: Chromium's CPU
 * slowed down 4×, a garden of GARDEN_SIZE flowers (the server's answer is an
 * indexed query, a few milliseconds at any size). From the click on a letter
 * to the new results heading on screen; the same measure as the last block of
 * `npm run bench:garden`, whose budget is 100 ms.
 */

const GARDEN_SIZE = 3000;
const LETTERS = ["C", "M", "R", "S", "B", "G", "L", "N", "O", "D"];
/**
 * The bound the median must stay under. The budget is 100 ms; this shared 2-core machine, often busy
 * with other work, adds tens of milliseconds of noise, so the bound leaves room for it while still
 * failing a page that renders the whole app again on every view change (a median of 200–350 ms here).
 */
const MEDIAN_BOUND_MS = 150;
/** The pause between two letters (nobody presses ten letters within a second). */
const PAUSE_MS = 300;

let server: TestServer;
let browser: Browser;
let page: Page;
let consoleErrors: string[];

beforeAll(async () => {
  server = await startGardenServer(GARDEN_SIZE, 5);
  browser = await launchBrowser();
  ({ page, consoleErrors } = await newPage(browser, server.url));
  page.setDefaultTimeout(10_000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("Garden view changes on a slow phone", () => {
  it(`shows a letter's results within ${MEDIAN_BOUND_MS} ms (median) at 4× CPU slowdown, ${GARDEN_SIZE} flowers`, async () => {
    await openHydrated(page, "/garden-of-remembrance");
    const times = await letterTimesAt4x(page, LETTERS, PAUSE_MS);
    const middle = median(times);
    const worst = Math.max(...times);
    console.log(
      `Garden, 4× CPU slowdown, ${GARDEN_SIZE} flowers, letter → new heading: median ${Math.round(middle)} ms, worst ${Math.round(worst)} ms ` +
        `(${times.map((t) => Math.round(t)).join(", ")}; budget 100 ms, bound ${MEDIAN_BOUND_MS} ms)`,
    );
    // The last letter's view is the one shown, and the address carries it.
    expect(await page.locator(".memorials__count").textContent()).toContain(`beginning with "${LETTERS.at(-1)}"`);
    expect(new URL(page.url()).search).toBe(`?letter=${LETTERS.at(-1)}`);
    expect(consoleErrors).toEqual([]);
    expect(middle).toBeLessThan(MEDIAN_BOUND_MS);
  });
});
