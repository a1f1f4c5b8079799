import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../support/axe";
import { launchBrowser, newPage, openHydrated } from "../../support/browser";
import { startGardenServer, type TestServer } from "../../support/testServer";

/**
 * How far down the garden page a visitor must go before the first memorial card, in Chromium, with a
 * garden of GARDEN_SIZE flowers. The explanatory sections (intro, naming, the meanings) and the filters
 * come first, as they must. They used to push the first card to 2,329 px on a 1280 × 800 screen and to
 * 3,915 px on a 390 × 844 phone (the phone's filters alone over 1,000 px); with the intro and the naming
 * side by side, smaller gaps, the meanings as rows and the filters in two rows of five and three of nine
 * letters, the first card is at 1,712 px and 2,938 px. The bounds leave 200–300 px for another machine's
 * fonts and still fail the old layout by hundreds of pixels.
 */

const GARDEN = "/garden-of-remembrance";
const GARDEN_SIZE = 3000;

const SIZES = [
  { name: "desktop", width: 1280, height: 800, firstCardBound: 1950 },
  { name: "phone", width: 390, height: 844, firstCardBound: 3250 },
] as const;

interface Layout {
  section: number;
  heading: number;
  firstCard: number;
  cardHeight: number;
  pageHeight: number;
}

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startGardenServer(GARDEN_SIZE, 5);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Tops of the Memorial Flowers section, the results heading and the first card, from the top of the page. */
function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const top = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`no ${selector} on the page`);
      return Math.round(element.getBoundingClientRect().top + window.scrollY);
    };
    return {
      section: top(".memorials"),
      heading: top(".memorials__count"),
      firstCard: top(".memorial-grid > li"),
      cardHeight: Math.round(document.querySelector(".memorial-grid > li")!.getBoundingClientRect().height),
      pageHeight: document.documentElement.scrollHeight,
    };
  });
}

async function openAt(size: (typeof SIZES)[number]): Promise<{ page: Page; consoleErrors: string[] }> {
  const opened = await newPage(browser, server.url, { viewport: { width: size.width, height: size.height } });
  opened.page.setDefaultTimeout(10_000);
  await openHydrated(opened.page, GARDEN);
  await opened.page.locator(".memorial-grid > li").first().waitFor();
  return opened;
}

describe(`garden layout, ${GARDEN_SIZE} flowers`, () => {
  for (const size of SIZES) {
    it(`shows the first memorial card within ${size.firstCardBound} px of the top at ${size.width}×${size.height}`, async () => {
      const { page, consoleErrors } = await openAt(size);
      const layout = await measure(page);
      console.log(
        `Garden at ${size.width}×${size.height} (${size.name}): Memorial Flowers at ${layout.section} px, results heading at ${layout.heading} px, ` +
          `first card at ${layout.firstCard} px and ${layout.cardHeight} px high, page ${layout.pageHeight} px high (bound for the first card ${size.firstCardBound} px)`,
      );
      expect(consoleErrors).toEqual([]);
      expect(layout.firstCard).toBeLessThan(size.firstCardBound);
      // A card with its drawing at the small size it is meant to have (not the drawings' default of 12rem,
      // which took it to about 350 px when the stylesheets came in another order).
      expect(layout.cardHeight).toBeLessThan(280);
      await page.context().close();
    });
  }

  it("keeps the baby's name the largest text on a card, gives each card its flower's colour, and a link near the top leads to the list", async () => {
    const { page } = await openAt(SIZES[1]);
    const fontSize = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    const name = await fontSize(".memorial-card__name");
    for (const other of [".memorial-card__flower", ".memorial-card__meaning", ".memorial-card__date"]) {
      expect(name, other).toBeGreaterThan(await fontSize(other));
    }
    // Each card's accent is its own flower's colour: one colour per flower, a different one for each.
    const accents = await page
      .locator(".memorial-grid > li")
      .evaluateAll((cards) => cards.map((card) => [card.getAttribute("data-flower"), getComputedStyle(card).getPropertyValue("--flower").trim()] as const));
    const byFlower = new Map(accents);
    expect(byFlower.size).toBeGreaterThan(2);
    expect(accents.every(([flower, accent]) => byFlower.get(flower) === accent)).toBe(true);
    expect(new Set(byFlower.values()).size).toBe(byFlower.size);

    const link = page.locator(".garden-intro").getByRole("link", { name: "Go to the memorial flowers" });
    expect(await link.getAttribute("href")).toBe("#memorial-results");
    // It brings the results heading, with the first cards under it, into view below the fixed header.
    await link.click();
    const headingTop = () => page.locator(".memorials__count").evaluate((heading) => Math.round(heading.getBoundingClientRect().top));
    await expect.poll(headingTop).toBeLessThan(200);
    expect(await headingTop()).toBeGreaterThanOrEqual(96); // the header's height
    await page.context().close();
  });

  it("breaks no flower's name mid-word on a 320 px or a 390 px phone, and the search's hint is shown whole", async () => {
    for (const width of [320, 390]) {
      const opened = await newPage(browser, server.url, { viewport: { width, height: 700 } });
      await openHydrated(opened.page, GARDEN);
      // Each word of each name (the parts of "Forget-Me-Not" too) lies on one line: a word broken across
      // two lines has two boxes.
      const broken = await opened.page.locator(".flower-filter__button span").evaluateAll((labels) =>
        labels.flatMap((label) => {
          const text = label.firstChild as Text;
          return [...text.data.matchAll(/[^\s-]+/g)].flatMap((word) => {
            const range = document.createRange();
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            return range.getClientRects().length > 1 ? [word[0]] : [];
          });
        }),
      );
      expect(broken, `${width} px`).toEqual([]);
      const hint = opened.page.getByText("First, middle or last name", { exact: true });
      expect(await hint.isVisible()).toBe(true);
      expect(await hint.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await opened.page.getByRole("searchbox", { name: "Search by Name" }).getAttribute("aria-describedby")).toBe(await hint.getAttribute("id"));
      await opened.page.context().close();
    }
  });

  it("has no WCAG 2.2 AA violations at phone size (axe)", async () => {
    const { page } = await openAt(SIZES[1]);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
