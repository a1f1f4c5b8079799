import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseStrictCsv } from "../../../shared/csv/strict";
import { FLOWERS } from "../../../shared/flowers";
import { adminItems, Client, json } from "../../support/client";
import { launchBrowser, newPage, openHydrated } from "../../support/browser";
import { ROOT, SAMPLE_DATA, startTestServer, type TestServer } from "../../support/testServer";
import { sql } from "../../public-server/fixtures";
import { axeViolations } from "../../support/axe";

/**
 * The Garden of Remembrance in Chromium, against the real server holding the
 * 823 sample flowers loaded through the real reset-and-import. Expected
 * counts are computed here from the CSV, independently of the page's code.
 */

const GARDEN = "/garden-of-remembrance";

interface Row {
  first: string;
  middle: string;
  last: string;
  date: string;
  label: string;
}

let server: TestServer;
let admin: Client;
let browser: Browser;
let page: Page;
let consoleErrors: string[];
const failedUrls: string[] = [];
let rows: Row[];

const nameOf = (r: Row) =>
  [r.first, r.middle, r.last]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(" ");
const count = (pred: (r: Row) => boolean) => rows.filter(pred).length;
const lastStarts = (r: Row, letter: string) => r.last.trim().toLowerCase().startsWith(letter.toLowerCase());

beforeAll(async () => {
  const text = fs.readFileSync(path.join(SAMPLE_DATA, "garden-823.csv"), "utf8");
  const parsed = parseStrictCsv(text);
  expect(parsed.isValid).toBe(true);
  const csvData = parsed.rows as Record<string, string>[];
  rows = csvData.map((r) => ({
    first: r["First Name"] ?? "",
    middle: r["Middle Name"] ?? "",
    last: r["Last Name"] ?? "",
    date: (r["Date of Loss"] ?? "").trim(),
    label: (r["Flower Type"] ?? "").trim().replace("Forget Me Not", "Forget-Me-Not"),
  }));

  server = await startTestServer({ adminImportKey: "test-key" });
  await server.createUser("gardener", "a long admin password", "admin");
  admin = new Client(server.url);
  await admin.login("gardener", "a long admin password");
  const res = await admin.post("/api/admin/memorial-flowers/reset-and-import", { csvData, adminKey: "test-key" });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.importedCount).toBe(823);

  browser = await launchBrowser();
  ({ page, consoleErrors } = await newPage(browser, server.url));
  page.on("response", (res) => {
    if (res.status() >= 400) failedUrls.push(`${res.status()} ${res.url()}`);
  });
  page.setDefaultTimeout(10_000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const heading = (text: string) => page.getByRole("heading", { level: 3, name: text, exact: true });
const cards = () => page.locator(".memorial-grid > li");
const cardNames = () => page.locator(".memorial-grid h4").allTextContents();
const topNav = () => page.getByRole("navigation", { name: "Result pages, above the list" });
const bottomNav = () => page.getByRole("navigation", { name: "Result pages, below the list" });
const flowerButton = (label: string) => page.getByRole("group", { name: "Filter by flower" }).getByRole("link", { name: label, exact: true });
const letterButton = (letter: string) => page.getByRole("group", { name: "Filter by Last Name" }).getByRole("link", { name: letter, exact: true });
const searchBox = () => page.getByRole("searchbox", { name: "Search by Name" });

async function openGarden(query = ""): Promise<void> {
  await page.goto(GARDEN + query);
  await page.locator(".memorials__count").waitFor();
}

/** Waits until the pager shows `text` (a view now comes from the server, a moment after the click). */
async function statusIs(text: string, nav = topNav()): Promise<void> {
  await nav.locator(".pager__status", { hasText: new RegExp(`^${text}$`) }).waitFor();
}

describe("garden of remembrance: browsing 823 flowers", () => {
  const ssrBuilt = fs.existsSync(path.join(ROOT, "dist/ssr/entry-server.js"));
  it.skipIf(!ssrBuilt)("renders the page's static text on the server, readable without JavaScript", async () => {
    const html = await (await fetch(server.url + GARDEN)).text();
    expect(html).toContain('data-ssr="1"');
    for (const text of [
      "Naming Your Beloved Baby",
      "Significance of the Flowers",
      "Add a Memorial Flower",
      "823 memorial flowers in the garden",
      "Add a flower for your baby",
      "Before I formed thee in the bowels of thy mother, I knew thee.",
      "Baby&#x27;s Last Name",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain("Loading memorial flowers...");
    expect(html.match(/class="memorial-card"/g)).toHaveLength(12);
  });

  it("pages through the ten meanings three at a time, wrapping, with dots and reduced motion respected", async () => {
    await openGarden();
    const carousel = page.getByRole("group", { name: "Flower meanings" });
    const names = () => carousel.getByRole("heading", { level: 3 }).allTextContents();
    const labels = FLOWERS.map((f) => f.label);
    expect(await names()).toEqual(labels.slice(0, 3));
    // The slide fades in when turned, not when the page opens (its frames would compete with the first paint).
    const animation = () => carousel.locator(".meanings__slide").evaluate((el) => getComputedStyle(el).animationName);
    await page.emulateMedia({ reducedMotion: "no-preference" });
    expect(await animation()).toBe("none");
    const dots = carousel.getByRole("button", { name: /^Page \d of 4$/ });
    expect(await dots.count()).toBe(4);
    expect(await carousel.getByRole("button", { name: "Page 1 of 4" }).getAttribute("aria-current")).toBe("true");
    await carousel.getByRole("button", { name: /^Previous/ }).click();
    expect(await names()).toEqual(labels.slice(9));
    expect(await carousel.getByRole("button", { name: "Page 4 of 4" }).getAttribute("aria-current")).toBe("true");
    expect(await carousel.getByRole("button", { name: "Page 1 of 4" }).getAttribute("aria-current")).toBeNull();
    await carousel.getByRole("button", { name: /^Next/ }).click();
    expect(await names()).toEqual(labels.slice(0, 3));
    await carousel.getByRole("button", { name: "Page 3 of 4" }).click();
    expect(await names()).toEqual(labels.slice(6, 9));
    await carousel.getByText(FLOWERS[6]!.meaning, { exact: true }).waitFor();

    await page.emulateMedia({ reducedMotion: "no-preference" });
    expect(await animation()).toBe("garden-fade");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await animation()).toBe("none");
    await page.emulateMedia({ reducedMotion: null });
  });

  it("shows every flower with the total heading, 12 cards and 7 sampled dots above and below", async () => {
    await openGarden();
    await heading("823 memorial flowers in the garden").waitFor();
    expect(await cards().count()).toBe(12);
    // The public list is newest first: the last rows of the CSV lead.
    expect(await cardNames()).toEqual(rows.slice(-12).reverse().map(nameOf));
    for (const nav of [topNav(), bottomNav()]) {
      const dots = nav.getByRole("link", { name: /^Page \d+ of 69$/ });
      expect(await dots.count()).toBe(7);
      const labels = await dots.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
      expect(labels[0]).toBe("Page 1 of 69");
      expect(labels[6]).toBe("Page 69 of 69");
      expect(await nav.getByRole("link", { name: "Page 1 of 69" }).getAttribute("aria-current")).toBe("true");
    }
    await statusIs("Page 1 of 69");
  });

  it("wraps Previous and Next around both ends", async () => {
    await openGarden();
    await topNav()
      .getByRole("link", { name: /^Previous/ })
      .click();
    await statusIs("Page 69 of 69");
    expect(await cards().count()).toBe(823 - 68 * 12);
    expect(await cardNames()).toEqual(rows.slice(0, 7).reverse().map(nameOf));
    await bottomNav().getByRole("link", { name: /^Next/ }).click();
    await statusIs("Page 1 of 69");
    await topNav().getByRole("link", { name: /^Next/ }).click();
    await statusIs("Page 2 of 69", bottomNav());
    expect(await cardNames()).toEqual(rows.slice(-24, -12).reverse().map(nameOf));
    await topNav().getByRole("link", { name: "Page 12 of 69" }).click();
    await statusIs("Page 12 of 69");
  });

  it("filters by flower, goes back to page 1, and clears on a second press", async () => {
    await openGarden();
    await topNav().getByRole("link", { name: "Page 24 of 69" }).click();
    await statusIs("Page 24 of 69");

    const lilies = count((r) => r.label === "Lily");
    await flowerButton("Lily").click();
    await heading(`${lilies} Lily memorials`).waitFor();
    expect(await flowerButton("Lily").getAttribute("aria-current")).toBe("true");
    await statusIs(`Page 1 of ${Math.ceil(lilies / 12)}`);
    expect(new Set(await page.locator(".memorial-card__flower").allTextContents())).toEqual(new Set(["Lily"]));
    expect(new Set(await page.locator(".memorial-card__meaning").allTextContents())).toEqual(new Set(["Mary's Lily"]));
    await page.getByRole("link", { name: "Show All Flowers" }).waitFor();

    await flowerButton("Lily").click();
    await heading("823 memorial flowers in the garden").waitFor();
    expect(await flowerButton("Lily").getAttribute("aria-current")).toBeNull();
    expect(await page.getByRole("link", { name: "Show All Flowers" }).count()).toBe(0);
  });

  it("filters by the first letter of the last name, alone and with a flower, and Show All Flowers clears both", async () => {
    await openGarden();
    await topNav().getByRole("link", { name: /^Next/ }).click();
    await statusIs("Page 2 of 69");
    const b = count((r) => lastStarts(r, "B"));
    await letterButton("B").click();
    await heading(`${b} memorials with last names beginning with "B"`).waitFor();
    await page.getByText("Showing names beginning with B").waitFor();
    await statusIs(`Page 1 of ${Math.ceil(b / 12)}`);
    for (const name of await cardNames()) expect(rows.some((r) => nameOf(r) === name && lastStarts(r, "B"))).toBe(true);
    await page.waitForURL(/letter=B/);

    const roseB = count((r) => lastStarts(r, "B") && r.label === "Pink Rose");
    await flowerButton("Pink Rose").click();
    await heading(`${roseB} Pink Rose ${roseB === 1 ? "memorial" : "memorials"} with last names beginning with "B"`).waitFor();

    await page.getByRole("link", { name: "Show All Flowers" }).click();
    await heading("823 memorial flowers in the garden").waitFor();
    expect(await letterButton("B").getAttribute("aria-current")).toBeNull();
    expect(await flowerButton("Pink Rose").getAttribute("aria-current")).toBeNull();
    expect(await page.getByText("Showing names beginning with").count()).toBe(0);
  });

  it("pressing the active letter again clears it", async () => {
    await openGarden("?letter=C");
    const c = count((r) => lastStarts(r, "C"));
    await heading(`${c} memorials with last names beginning with "C"`).waitFor();
    await letterButton("C").click();
    await heading("823 memorial flowers in the garden").waitFor();
  });

  it("shows the product's empty texts for a filter or search with no results", async () => {
    await openGarden();
    await searchBox().fill("zzqxw");
    await heading('No results found for "zzqxw"').waitFor();
    await page.getByRole("link", { name: "Clear search" }).click();
    await heading("823 memorial flowers in the garden").waitFor();
    expect(await searchBox().inputValue()).toBe("");

    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
    const labels = [...new Set(rows.map((r) => r.label))];
    const emptyCombo = labels
      .flatMap((label) => letters.map((l) => [label, l] as const))
      .find(([label, l]) => count((r) => r.label === label && lastStarts(r, l)) === 0)!;
    expect(emptyCombo).toBeDefined();
    await flowerButton(emptyCombo[0]).click();
    await letterButton(emptyCombo[1]).click();
    await heading(`No flowers found for ${emptyCombo[0]}`).waitFor();
    expect(await cards().count()).toBe(0);

    const emptyLetter = letters.find((l) => count((r) => lastStarts(r, l)) === 0);
    if (emptyLetter) {
      await page.getByRole("link", { name: "Show All Flowers" }).click();
      await letterButton(emptyLetter).click();
      await heading("No memorial flowers match your criteria").waitFor();
    }
  });

  it("searches first, middle and last names together, ignoring case, back on page 1", async () => {
    await openGarden();
    await topNav().getByRole("link", { name: "Page 35 of 69" }).click();
    const term = "mar";
    const n = count((r) => nameOf(r).toLowerCase().includes(term));
    expect(n).toBeGreaterThan(12);
    await searchBox().fill("MAR");
    await heading(`Showing ${n} results for "MAR"`).waitFor();
    await statusIs(`Page 1 of ${Math.ceil(n / 12)}`);
    for (const name of await cardNames()) expect(name.toLowerCase()).toContain(term);
    await page.waitForURL(/search=MAR/);
  });

  it("opens filtered to one baby from ?search= (the link in an email)", async () => {
    const one = rows.find((r) => r.date && r.middle && r.last && count((x) => nameOf(x).toLowerCase().includes(nameOf(r).toLowerCase())) === 1)!;
    await openGarden(`?search=${encodeURIComponent(nameOf(one))}`);
    await heading(`Showing 1 result for "${nameOf(one)}"`).waitFor();
    expect(await cardNames()).toEqual([nameOf(one)]);
    expect(await page.locator(".memorial-card__date").textContent()).toBe(one.date);
    expect(await searchBox().inputValue()).toBe(nameOf(one));
    expect(await topNav().count()).toBe(0); // one page: no pager
  });

  it("fits a 320 px wide screen without sideways scrolling", async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    try {
      await openGarden();
      await heading("823 memorial flowers in the garden").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it("has no axe violations on the garden page", async () => {
    await openGarden();
    await heading("823 memorial flowers in the garden").waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("garden of remembrance: the comment dialog", () => {
  let baby: Row;
  let flowerId: number;

  beforeAll(() => {
    baby = rows.find((r) => r.date && r.last && count((x) => nameOf(x).toLowerCase().includes(nameOf(r).toLowerCase())) === 1)!;
    const [row] = sql<{ id: number }>(
      server,
      "SELECT id FROM memorial_flowers WHERE baby_first_name = ? AND IFNULL(baby_last_name, '') = ? AND IFNULL(loss_date, '') = ?",
      baby.first,
      baby.last,
      baby.date,
    );
    flowerId = row!.id;
  });

  const dialog = () => page.getByRole("dialog");

  it("lists no comments yet, then takes a library message through the form", async () => {
    await openGarden(`?search=${encodeURIComponent(nameOf(baby))}`);
    await page.getByRole("link", { name: `Comments for ${nameOf(baby)}` }).click();
    await dialog()
      .getByRole("heading", { name: `${nameOf(baby)}, ${baby.date}` })
      .waitFor();
    await dialog().getByText("No comments yet. Be the first to leave a thoughtful message.").waitFor();
    const box = await dialog().evaluate((el) => ({ max: getComputedStyle(el).maxHeight, vh: window.innerHeight }));
    expect(parseFloat(box.max)).toBeLessThanOrEqual(box.vh * 0.9 + 1);
    expect(await axeViolations(page)).toEqual([]);

    await dialog().getByRole("link", { name: "Leave a Comment" }).click();
    const name = dialog().getByRole("textbox", { name: /Your Name/ });
    const message = dialog().getByRole("combobox", { name: /Message/ });
    const submit = dialog().getByRole("button", { name: "Submit Comment" });
    await message.locator("optgroup").first().waitFor({ state: "attached" });
    expect(await submit.isDisabled()).toBe(true);

    await name.fill("A");
    await name.fill("");
    await dialog().getByText("Name is required").waitFor();
    expect(await submit.isDisabled()).toBe(true);

    await name.fill("Aunt Clara");
    const groups = await message.locator("optgroup").evaluateAll((els) => els.map((e) => e.getAttribute("label")));
    expect(groups).toEqual(["Words of comfort", "From Scripture"]);
    const firstText = (await message.locator("optgroup option").first().textContent())!;
    await message.selectOption({ label: firstText });
    expect(await submit.isDisabled()).toBe(false);
    // The button's colour fades in over 0.15 s once enabled: axe measured its contrast mid-fade once (a fresh-clone run).
    await submit.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    expect(await axeViolations(page)).toEqual([]);

    // Cancel hides the form; the button comes back.
    await dialog().getByRole("button", { name: "Cancel" }).click();
    await dialog().getByRole("link", { name: "Leave a Comment" }).click();
    await name.fill("Aunt Clara");
    await message.selectOption({ label: firstText });
    await submit.click();

    const toasts = page.getByRole("region", { name: /Notifications/ });
    await toasts.getByText("Comment Submitted", { exact: true }).waitFor();
    await toasts.getByText("Your comment has been submitted for review. It will appear after approval.").waitFor();
    await dialog().getByRole("link", { name: "Leave a Comment" }).waitFor();
    expect(await name.count()).toBe(0);

    const pending = sql<{ id: number; approved: number; text: string }>(
      server,
      "SELECT c.id, c.approved, l.text FROM memorial_comments c JOIN comment_library l ON l.id = c.comment_library_id WHERE c.memorial_flower_id = ? AND c.commenter_name = ?",
      flowerId,
      "Aunt Clara",
    );
    expect(pending).toHaveLength(1);
    expect(pending[0]!.approved).toBe(0);
    expect(pending[0]!.text).toBe(firstText);
  });

  it("shows the comment once a moderator approves it", async () => {
    const list = await adminItems<{ id: number; commenterName: string; memorialFlowerId: number }>(admin, "/api/admin/memorial-comments");
    const mine = list.find((c) => c.memorialFlowerId === flowerId && c.commenterName === "Aunt Clara")!;
    expect(mine).toBeDefined();
    expect((await admin.post(`/api/admin/memorial-comments/${mine.id}/approve`)).status).toBe(200);

    await page.reload();
    await page.getByRole("link", { name: `Comments for ${nameOf(baby)}` }).click();
    await dialog().getByText("Aunt Clara", { exact: true }).waitFor();
    expect(await dialog().getByText("No comments yet. Be the first to leave a thoughtful message.").count()).toBe(0);

    // Escape closes the dialog and focus goes back to the Comments button.
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "hidden" });
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? "");
    expect(focused).toContain("Comments");
  });

  it("logged no errors in the browser", () => {
    expect(failedUrls).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

describe("garden of remembrance: every view is an address, with and without JavaScript", () => {
  it("without JavaScript: the first cards are in the HTML; letters, flowers, search and pages are links and a GET form", async () => {
    const { context, page: plain } = await newPage(browser, server.url, { javaScriptEnabled: false });
    try {
      await plain.goto(GARDEN);
      const h3 = (text: string) => plain.getByRole("heading", { level: 3, name: text, exact: true });
      await h3("823 memorial flowers in the garden").waitFor();
      expect(await plain.locator(".memorial-grid > li").count()).toBe(12);

      const b = count((r) => lastStarts(r, "B"));
      await plain.getByRole("group", { name: "Filter by Last Name" }).getByRole("link", { name: "B", exact: true }).click();
      await h3(`${b} memorials with last names beginning with "B"`).waitFor();
      expect(plain.url()).toContain("letter=B");

      const roseB = count((r) => lastStarts(r, "B") && r.label === "Pink Rose");
      await plain.getByRole("group", { name: "Filter by flower" }).getByRole("link", { name: "Pink Rose", exact: true }).click();
      await h3(`${roseB} Pink Rose ${roseB === 1 ? "memorial" : "memorials"} with last names beginning with "B"`).waitFor();
      expect(plain.url()).toMatch(/flower=pink-rose&letter=B/);

      await plain.getByRole("link", { name: "Show All Flowers" }).click();
      await h3("823 memorial flowers in the garden").waitFor();

      const n = count((r) => nameOf(r).toLowerCase().includes("mar"));
      await plain.getByRole("searchbox", { name: "Search by Name" }).fill("mar");
      await plain.getByRole("button", { name: "Search", exact: true }).click();
      await h3(`Showing ${n} results for "mar"`).waitFor();
      expect(plain.url()).toContain("search=mar");
      const pages = Math.ceil(n / 12);
      await plain
        .getByRole("navigation", { name: "Result pages, above the list" })
        .getByRole("link", { name: `Page ${pages} of ${pages}` })
        .click();
      expect(plain.url()).toContain(`page=${pages}`);
      expect(await plain.locator(".pager__status").first().textContent()).toBe(`Page ${pages} of ${pages}`);
      await plain.getByRole("navigation", { name: "Result pages, above the list" }).getByRole("link", { name: /^Next/ }).click();
      expect(await plain.locator(".pager__status").first().textContent()).toBe(`Page 1 of ${pages}`);

      await plain.goBack();
      expect(await plain.locator(".pager__status").first().textContent()).toBe(`Page ${pages} of ${pages}`);
      await plain.getByRole("link", { name: "Clear search" }).click();
      await h3("823 memorial flowers in the garden").waitFor();
    } finally {
      await context.close();
    }
  });

  /** Opens the garden, marks the page (a reload would lose the mark), presses the letter and waits for its view and address. */
  async function pressLetterInPlace(letter: string): Promise<number> {
    await openGarden();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const n = count((r) => lastStarts(r, letter));
    await letterButton(letter).click();
    await heading(`${n} memorials with last names beginning with "${letter}"`).waitFor();
    // The history entry is written just after the new view is drawn.
    await page.waitForURL((u) => u.searchParams.get("letter") === letter);
    return n;
  }
  const neverReloaded = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

  it("with JavaScript: the same links change the view in place, the address follows and Back returns", async () => {
    const c = await pressLetterInPlace("C");
    await topNav().getByRole("link", { name: /^Next/ }).click();
    await page.waitForURL(/page=2/);
    await page.goBack();
    await page.waitForURL((u) => !u.search.includes("page=2"));
    await statusIs(`Page 1 of ${Math.ceil(c / 12)}`);
    await page.goBack();
    await heading("823 memorial flowers in the garden").waitFor();
    expect(await neverReloaded()).toBe(true);
  });

  it("Back from a memorial opened after a view change returns to that view, then to the one before", async () => {
    const c = await pressLetterInPlace("C");
    // The router's navigation from a card, after an entry the garden wrote itself.
    const card = page.locator(".memorial-card__name a").first();
    const name = (await card.textContent())!;
    await card.click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.goBack();
    await heading(`${c} memorials with last names beginning with "C"`).waitFor();
    expect(new URL(page.url()).searchParams.get("letter")).toBe("C");
    await page.goBack();
    await heading("823 memorial flowers in the garden").waitFor();
    await page.goForward();
    await heading(`${c} memorials with last names beginning with "C"`).waitFor();
    expect(await neverReloaded()).toBe(true);
  });

  it("Clear search puts the focus back in the search box", async () => {
    await openGarden("?search=grace");
    await page.getByRole("link", { name: "Clear search" }).click();
    await heading("823 memorial flowers in the garden").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("search");
  });

  it("says 'memorial' for one and 'memorials' for more", async () => {
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
    const labels = FLOWERS.map((f) => f.label);
    const one = labels
      .flatMap((label) => letters.map((l) => [label, l] as const))
      .find(([label, l]) => count((r) => r.label === label && lastStarts(r, l)) === 1);
    expect(one).toBeDefined();
    const [label, letter] = one!;
    const type = FLOWERS.find((f) => f.label === label)!.type;
    await openGarden(`?flower=${type}&letter=${letter}`);
    await heading(`1 ${label} memorial with last names beginning with "${letter}"`).waitFor();
  });

  it("Home's Add Memorial Flower lands on the form, with the list loaded above it", async () => {
    await openHydrated(page, "/");
    await page.getByRole("link", { name: "Add Memorial Flower" }).first().click();
    await page.waitForURL(/#add-flower/);
    await heading("823 memorial flowers in the garden").waitFor();
    // The page scrolls smoothly, and lands again if what is above the form changes size: wait until the form
    // has stood still for 100 ms (a busy machine may take many frames), then it is at the top, below the header.
    const top = () => page.locator("#add-flower").evaluate((el) => el.getBoundingClientRect().top);
    const settled = async () => {
      const before = await top();
      await page.waitForTimeout(100);
      const after = await top();
      return before === after ? after : Number.NaN;
    };
    await expect.poll(settled, { timeout: 8_000, interval: 50 }).toSatisfy((t: number) => t >= 0 && t < 200);
  });
});

describe("garden of remembrance: a memorial page for each baby", () => {
  let baby: Row;
  let flowerId: number;
  beforeAll(() => {
    baby = rows.find((r) => r.date && r.middle && r.last && count((x) => nameOf(x) === nameOf(r)) === 1)!;
    flowerId = sql<{ id: number }>(
      server,
      "SELECT id FROM memorial_flowers WHERE baby_first_name = ? AND IFNULL(baby_middle_name, '') = ? AND IFNULL(baby_last_name, '') = ?",
      baby.first,
      baby.middle,
      baby.last,
    )[0]!.id;
  });

  it("opens from the card's name, rendered by the server, kept out of search engines, with a share image", async () => {
    await openGarden(`?search=${encodeURIComponent(nameOf(baby))}`);
    await page.getByRole("link", { name: nameOf(baby), exact: true }).click();
    await page.getByRole("heading", { level: 1, name: nameOf(baby) }).waitFor();
    const slug = new URL(page.url()).pathname;
    expect(slug).toMatch(new RegExp(`^${GARDEN}/${flowerId}-[a-z0-9-]+$`));

    const html = await (await fetch(server.url + slug)).text();
    expect(html).toContain(`>${nameOf(baby).replace(/'/g, "&#x27;")}</h1>`);
    expect(html).toContain(baby.date);
    expect(html).toContain(baby.label);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toMatch(/<meta property="og:image" content="[^"]*\/api\/memorial-flowers\/\d+\/preview\.png\?v=[\w-]+"/);
    const png = await fetch(`${server.url}/api/memorial-flowers/${flowerId}/preview.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    expect(bytes.readUInt32BE(16)).toBe(1200); // width in the IHDR chunk
    expect((await fetch(`${server.url}/api/memorial-flowers/99999999/preview.png`)).status).toBe(404);
    expect(html).toContain("Leave a Comment");

    // An address with other words (a name edited since the link was shared) redirects to the right one.
    const old = await fetch(`${server.url}${GARDEN}/${flowerId}-someone-else`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(slug);
    expect((await fetch(`${server.url}${GARDEN}/99999999-nobody`)).status).toBe(404);
  });

  it("prints as a keepsake: no header, footer or buttons, the name first", async () => {
    await page.goto(`${GARDEN}/${flowerId}`);
    await page.getByRole("heading", { level: 1, name: nameOf(baby) }).waitFor();
    await page.emulateMedia({ media: "print" });
    try {
      expect(await page.locator("header").first().isVisible()).toBe(false);
      expect(await page.getByRole("button", { name: /^Share/ }).isVisible()).toBe(false);
      expect(await page.getByRole("heading", { level: 1, name: nameOf(baby) }).isVisible()).toBe(true);
    } finally {
      await page.emulateMedia({ media: null });
    }
    expect(await axeViolations(page)).toEqual([]);
  });
});
