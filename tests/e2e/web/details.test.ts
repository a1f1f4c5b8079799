import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, openHydrated } from "../../support/browser";
import { ROOT, startTestServer, type TestServer } from "../../support/testServer";

/**
 * The small things a visitor notices: canonical and og:url from the site's
 * address in data/site.json, one word for what we are on every page, one
 * naming of scripture books, no organisation listed twice, video links from
 * the configuration, four leaders as two rows of two, a leader photo that
 * fails to load shows initials, "(optional)" styled as "(required)", and
 * pagers that keep Previous and Next on one row on a 360 px phone.
 */

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-details-"));
  const site = JSON.parse(fs.readFileSync(path.join(ROOT, "data/site.json"), "utf8"));
  site.leaders[1].photo = "/images/no-such-photo.jpg";
  fs.writeFileSync(path.join(dataDir, "site.json"), JSON.stringify(site));
  server = await startTestServer({ dataDir });
  browser = await launchBrowser();
  ({ page } = await newPage(browser, server.url));
  page.setDefaultTimeout(15_000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  const dir = server?.dataDir;
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const html = async (p: string) => (await fetch(server.url + p)).text();
const text = async (p: string) =>
  (await html(p))
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("search engines", () => {
  it("every page's canonical link and og:url are absolute, from siteUrl in data/site.json", async () => {
    const site = JSON.parse(fs.readFileSync(path.join(ROOT, "data/site.json"), "utf8")) as { siteUrl?: string };
    expect(site.siteUrl).toBe("https://garden.example.org");
    for (const p of ["/", "/about-us", "/garden-of-remembrance"]) {
      const page = await html(p);
      const address = `https://garden.example.org${p === "/" ? "/" : p}`;
      expect(page).toContain(`<link rel="canonical" href="${address}" />`);
      expect(page).toContain(`<meta property="og:url" content="${address}" />`);
    }
  });
});

describe("words", () => {
  it("Terms and Privacy call us an apostolate, as About does, never a ministry", async () => {
    for (const p of ["/terms-of-service", "/privacy-policy"]) {
      const words = await text(p);
      expect(words).toMatch(/apostolate/);
      expect(words).not.toMatch(/\bministry\b/i);
    }
  });

  it("names scripture books one way (Douay-Rheims) on every page", async () => {
    const all = (await Promise.all(["/garden-of-remembrance", "/share-testimonial", "/support"].map(text))).join(" ");
    expect(all).toContain("Jeremias 1:5");
    expect(all).toContain("Apocalypse 21:4");
    expect(all).not.toMatch(/Jeremiah \d|Revelation \d/);
  });

  it("Support & Resources lists each organisation once, and its videos from the configuration", async () => {
    const page = await html("/support-resources");
    const links = [...page.matchAll(/<a [^>]*href="(https?:[^"]+)"/g)].map((m) => m[1]!.replace(/\/$/, ""));
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((l, i) => links.indexOf(l) !== i)).toEqual([]);
    expect(page).not.toMatch(/youtube\.com\/results/);
    expect(page).toContain("https://videos.example.org/grief-after-miscarriage");
  });
});

describe("layout", () => {
  it("shows the four leaders as two rows of two, and initials for a photo that fails to load", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openHydrated(page, "/who-we-are");
    const tops = await page.locator(".leader-card").evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
    expect(tops).toHaveLength(4);
    expect(new Set(tops).size).toBe(2);
    const second = page.locator(".leader-card").nth(1);
    await second.locator("span.avatar").waitFor();
    expect(await second.locator("span.avatar").textContent()).toBe("JS");
    expect(await second.locator("img").count()).toBe(0);
  });

  it("sends the leaders and resource links only with the pages that show them, and asks for them when one of those is reached in place", async () => {
    const embedded = async (p: string) => JSON.parse(/<script type="application\/json" id="site-config">([\s\S]*?)<\/script>/.exec(await html(p))![1]!);
    for (const p of ["/", "/garden-of-remembrance", "/about-us"]) {
      const site = await embedded(p);
      expect(site, p).not.toHaveProperty("leaders");
      expect(site, p).not.toHaveProperty("resources");
      expect(site.phones.length, p).toBeGreaterThan(0);
    }
    expect((await embedded("/who-we-are")).leaders).toHaveLength(4);
    expect((await embedded("/support-resources")).resources.length).toBeGreaterThan(0);

    // From the home page to Who We Are without a new page: the leaders are asked for, once, and shown.
    await page.setViewportSize({ width: 1440, height: 900 });
    await openHydrated(page, "/");
    const asked: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/site") asked.push(r.url());
    });
    await page.getByRole("button", { name: "Resources" }).click();
    await page.getByRole("link", { name: "Who We Are" }).click();
    await page.waitForURL("**/who-we-are");
    await page.locator(".leader-card").nth(3).waitFor();
    await page.getByRole("button", { name: "Start Here" }).click();
    await page.getByRole("link", { name: "Support & Resources" }).click();
    await page.waitForURL("**/support-resources");
    await page.getByRole("link", { name: /Talks on grief after miscarriage/ }).waitFor();
    expect(asked).toHaveLength(1);
  });

  it('writes "(optional)" as "(required)" is written', async () => {
    await page.goto("/share-testimonial");
    const optional = page.locator(".field__label", { hasText: "Child's Name" }).locator(".field__required");
    expect(await optional.textContent()).toBe(" (optional)");
  });

  it("keeps a pager's Previous and Next on one row on a 360 px phone", async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/garden-of-remembrance");
    const steps = page.locator(".pager").first().locator(".pager__step");
    expect(await steps.count()).toBe(2);
    const [a, b] = await steps.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()));
    expect(Math.round(a!.top)).toBe(Math.round(b!.top));
    expect(b!.left).toBeGreaterThan(a!.right - 1);
  });
});
