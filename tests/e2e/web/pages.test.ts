import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newPage, openHydrated } from "../../support/browser";
import { ROOT, startTestServer, type TestServer } from "../../support/testServer";
import { NOT_FOUND, PUBLIC_PAGES } from "./sitePages";

// Needs the production build: `npm run build:web` (client into dist/web, SSR entry into dist/ssr).
let server: TestServer;
let browser: Browser;
let js: { context: BrowserContext; page: Page; consoleErrors: string[] };
let noJs: { context: BrowserContext; page: Page };

beforeAll(async () => {
  expect(fs.existsSync(path.join(ROOT, "dist/ssr/entry-server.js")), "build the site first: npm run build:web").toBe(true);
  server = await startTestServer();
  browser = await launchBrowser();
  js = await newPage(browser, server.url);
  js.page.on("response", (res) => {
    if (res.status() >= 400) js.consoleErrors.push(`${res.status()} ${res.url()}`);
  });
  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
  noJs = { context, page: await context.newPage() };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("every route in the browser", () => {
  it("shows each public page's heading, key text and own title, hydrating without errors", async () => {
    const { page, consoleErrors } = js;
    for (const c of PUBLIC_PAGES) {
      consoleErrors.length = 0;
      await openHydrated(page, c.path);
      expect(await page.locator("h1").count(), `${c.path}: one h1`).toBe(1);
      expect(await page.locator("h1").innerText(), c.path).toBe(c.h1);
      expect(await page.locator("main").innerText(), c.path).toContain(c.text);
      expect(await page.title(), c.path).toBe(c.title);
      expect(await page.locator('meta[name="description"]').getAttribute("content"), c.path).toBeTruthy();
      // A hydration mismatch or a failed chunk shows up as a console error.
      await page.waitForTimeout(150);
      const errors = consoleErrors.filter((e) => !/donate\.example\.org|ERR_NAME_NOT_RESOLVED|ERR_CONNECTION|net::/i.test(e));
      expect(
        errors.map((e) => e.slice(0, 300)),
        c.path,
      ).toEqual([]);
    }
  });

  it("shows the not-found page with the product's exact title and text", async () => {
    for (const path of ["/no-such-page", "/support-donation/extra"]) {
      js.consoleErrors.length = 0;
      await openHydrated(js.page, path);
      expect(await js.page.locator("h1").innerText()).toBe(NOT_FOUND.h1);
      expect(await js.page.locator("main").innerText()).toContain(NOT_FOUND.text);
      expect(await js.page.title()).toBe(NOT_FOUND.h1);
      expect(await js.page.locator("[aria-current]").count(), path).toBe(0);
      await js.page.waitForTimeout(150);
      expect(
        js.consoleErrors.filter((e) => !e.startsWith("404 ") && !e.includes("status of 404")).map((e) => e.slice(0, 300)),
        path,
      ).toEqual([]);
    }
  });

  it("shows the admin login, and sends a signed-out visitor from /admin to it", async () => {
    await js.page.goto("/admin/login");
    await js.page.getByRole("heading", { level: 1, name: "Administrator Login" }).waitFor();
    expect(await js.page.title()).toContain("Administrator Login");
    await js.page.goto("/admin");
    await js.page.waitForURL(/\/admin\/login/);
    await js.page.getByRole("heading", { level: 1, name: "Administrator Login" }).waitFor();
  });

  it("navigates on the client and updates the title and the current link", async () => {
    const { page } = js;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    await page.evaluate(() => window.scrollTo(0, 1500));
    await nav.getByRole("button", { name: "Resources" }).click();
    await nav.getByRole("link", { name: "About Us" }).click();
    await page.waitForURL("**/about-us");
    await page.getByRole("heading", { level: 1, name: "About Us" }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.title()).toBe(PUBLIC_PAGES.find((c) => c.path === "/about-us")!.title);
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    await nav.getByRole("button", { name: "Resources" }).click();
    expect(await nav.getByRole("link", { name: "About Us" }).getAttribute("aria-current")).toBe("page");
  });
});

describe("readable before JavaScript", () => {
  it("serves each public page's heading and main text in the HTML itself", async () => {
    for (const c of PUBLIC_PAGES) {
      const res = await noJs.page.goto(c.path);
      expect(res?.status(), c.path).toBe(200);
      expect(await noJs.page.locator("h1").innerText(), c.path).toBe(c.h1);
      expect(await noJs.page.locator("main").innerText(), c.path).toContain(c.text);
      expect(await noJs.page.title(), c.path).toBe(c.title);
      expect(await noJs.page.locator("footer").innerText(), c.path).toContain("501(c)(3)");
    }
    // The header's menus need JavaScript; without it every page is listed in the footer.
    const allPages = noJs.page.getByRole("navigation", { name: "All pages" });
    for (const name of ["New Families", "Burial & Cremation", "About Us", "Who We Are", "Donate & Sponsor"]) {
      expect(await allPages.getByRole("link", { name, exact: true }).isVisible(), name).toBe(true);
    }
  });

  it("renders every unknown address as the same 404 page, without a canonical link", async () => {
    const a = await fetch(`${server.url}/nothing-here`);
    const b = await fetch(`${server.url}/about-us/deeper?x=1`);
    expect([a.status, b.status]).toEqual([404, 404]);
    const [htmlA, htmlB] = [await a.text(), await b.text()];
    expect(htmlA).toBe(htmlB);
    expect(htmlA).not.toContain('rel="canonical"');
    expect(htmlA).toContain('<meta name="robots" content="noindex" />');
    // A trailing slash is the same page as without it.
    const slash = await fetch(`${server.url}/about-us/`);
    expect(slash.status).toBe(200);
    expect(await slash.text()).toContain("<h1>About Us</h1>");
  });

  it("answers an unknown path with status 404 and the not-found page", async () => {
    const res = await noJs.page.goto("/this/does/not/exist");
    expect(res?.status()).toBe(404);
    expect(await noJs.page.locator("h1").innerText()).toBe(NOT_FOUND.h1);
    expect(await noJs.page.locator("main").innerText()).toContain(NOT_FOUND.text);
    expect(await noJs.page.title()).toBe(NOT_FOUND.h1);
  });

  it("puts the site configuration, canonical link and lang into the page, with no inline script", async () => {
    const html = await (await fetch(`${server.url}/who-we-are`)).text();
    expect(html).toMatch(/<html lang="en">/);
    // The canonical link is absolute, from siteUrl in data/site.json (never the request's Host: pages are cached).
    expect(html).toContain(`<link rel="canonical" href="https://garden.example.org/who-we-are" />`);
    const block = /<script type="application\/json" id="site-config">([\s\S]*?)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]!).email).toBe("info@example.org");
    // The home page's own chunk is preloaded, and its styles are written into the page after the global
    // ones (no stylesheet request holds up the first paint).
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toMatch(/<link rel="modulepreload" href="\/assets\/HomePage-[\w-]+\.js" \/>/);
    // The only stylesheet links are disabled ones naming the inlined files (see the next test).
    expect(home).not.toMatch(/<link rel="stylesheet"(?![^>]*\bdisabled\b)[^>]*>/);
    const sheets = [...home.matchAll(/<style data-href="([^"]+)">([^<]+)<\/style>/g)];
    expect(sheets.length).toBeGreaterThan(1);
    expect(sheets[0]![1]).toMatch(/^\/assets\/index-[\w-]+\.css$/);
    expect(sheets[0]![2]).toBe(fs.readFileSync(path.join(ROOT, "dist/web", sheets[0]![1]!), "utf8"));
    // Every other script is an external module (the CSP forbids inline script).
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/type="application\/json"|src="/);
  });

  it("does not fetch a stylesheet written into the page again after hydration; a page opened in place still gets its own", async () => {
    const page = await browser.newPage({ baseURL: server.url });
    try {
      const styles: string[] = [];
      page.on("request", (req) => {
        if (req.url().endsWith(".css")) styles.push(new URL(req.url()).pathname);
      });
      for (const address of ["/garden-of-remembrance", "/"]) {
        await openHydrated(page, address);
        // The page's route chunk has loaded (hydration needs it), and with it any stylesheet it would fetch.
        await page.waitForLoadState("networkidle");
        const inlined = await page.locator("style[data-href]").evaluateAll((els) => els.map((e) => e.getAttribute("data-href")));
        expect(inlined.length, address).toBeGreaterThan(1);
        expect(styles, `${address}: stylesheets fetched though written into the page`).toEqual([]);
      }
      // In place to a page whose styles this document does not hold: its stylesheet is fetched and applied.
      const inlinedIn = async (address: string) =>
        [...(await (await fetch(`${server.url}${address}`)).text()).matchAll(/<style data-href="([^"]+)"/g)].map((m) => m[1]!);
      const home = await inlinedIn("/");
      const missing = (await inlinedIn("/share-testimonial")).filter((file) => !home.includes(file));
      expect(missing.length, "the testimonial page has a stylesheet the home page lacks").toBeGreaterThan(0);
      await page.locator('footer a[href="/share-testimonial"]').first().click();
      await page.waitForURL("**/share-testimonial");
      // An in-place navigation does not reset the document's load state ("networkidle" may already hold),
      // so wait for the stylesheet's request itself; exactly the missing ones are fetched.
      await expect.poll(() => [...styles]).toEqual(missing);
      const applied = () => page.evaluate(() => [...document.styleSheets].map((sheet) => sheet.href && new URL(sheet.href).pathname));
      await expect.poll(applied).toEqual(expect.arrayContaining(missing));
    } finally {
      await page.close();
    }
  });

  it("shows an edit of site.json on the next request, without a rebuild", async () => {
    const file = path.join(server.dataDir, "site.json");
    const original = fs.readFileSync(file, "utf8");
    const before = await (await fetch(`${server.url}/new-families`)).text();
    expect(before).toContain("(555) 010-2400");
    const site = JSON.parse(original);
    site.phones[0].number = "(555) 010-7777";
    const page = async (address: string) => (await fetch(`${server.url}${address}`)).text();
    try {
      // The server notices the edit through its watch on the file: wait for the page, not for a set time.
      fs.writeFileSync(file, JSON.stringify(site));
      await expect.poll(() => page("/new-families"), { timeout: 5_000, interval: 20 }).toContain("(555) 010-7777");
      const after = await page("/new-families");
      expect(after).toContain("(555) 010-7777");
      expect(after).toContain('href="tel:5550107777"');
      expect(after).not.toContain("(555) 010-2400");
      const home = await (await fetch(`${server.url}/`)).text();
      expect(home).toContain("(555) 010-7777");
    } finally {
      fs.writeFileSync(file, original);
      await expect.poll(() => page("/new-families"), { timeout: 5_000, interval: 20 }).toContain("(555) 010-2400");
    }
  });

  it("quotes Jeremiah 1:5 above the garden in the translation site.json chooses, Douay-Rheims unless it says otherwise", async () => {
    const file = path.join(server.dataDir, "site.json");
    const original = fs.readFileSync(file, "utf8");
    const garden = async () => (await fetch(`${server.url}/garden-of-remembrance`)).text();
    const douay = "Before I formed thee in the bowels of thy mother, I knew thee.";
    const nabre = "Before I formed you in the womb I knew you.";
    expect(await garden()).toContain(douay);
    try {
      fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(original), gardenVerse: "nabre" }));
      await expect.poll(garden, { timeout: 5_000, interval: 20 }).toContain(nabre);
      const html = await garden();
      expect(html).toContain("Jeremiah 1:5 (New American Bible, Revised Edition)");
      expect(html).not.toContain(douay);
    } finally {
      fs.writeFileSync(file, original);
      await expect.poll(garden, { timeout: 5_000, interval: 20 }).toContain(douay);
    }
  });

  it("keeps sending the admin area as a browser-rendered shell", async () => {
    const res = await fetch(`${server.url}/admin/login`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('id="site-config"');
  });
});

describe("without the SSR bundle", () => {
  it("sends the built index.html as it is, for every page address", async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-web-"));
    fs.writeFileSync(path.join(webDir, "index.html"), '<!doctype html><html lang="en"><title>Shell</title><div id="root"></div></html>');
    const bare = await startTestServer({ webDir });
    try {
      const res = await fetch(`${bare.url}/about-us`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("<title>Shell</title>");
      const api = await fetch(`${bare.url}/api/site`);
      expect(api.status).toBe(200);
    } finally {
      await bare.stop();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});

describe("header, footer and keyboard", () => {
  it("reaches the skip link first, and opens a menu with Enter", async () => {
    const { page } = js;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/terms-of-service");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to main content");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    await page.goto("/terms-of-service");
    const nav = page.getByRole("navigation", { name: "Main" });
    const startHere = nav.getByRole("button", { name: "Start Here" });
    await startHere.focus();
    expect(await startHere.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Enter");
    expect(await startHere.getAttribute("aria-expanded")).toBe("true");
    for (const name of ["New Families", "Burial & Cremation", "Support & Resources"])
      await expect.poll(() => nav.getByRole("link", { name }).isVisible()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("New Families");
    await page.keyboard.press("Escape");
    expect(await startHere.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Start Here");
    expect(await nav.getByRole("link", { name: "New Families" }).isVisible()).toBe(false);
  });

  it("has every footer item, with contact details from the configuration", async () => {
    await js.page.goto("/");
    const footer = js.page.locator("footer");
    for (const name of [
      "Garden of Remembrance",
      "Share Testimonial",
      "Support Resources",
      "Make a Donation",
      "Contact Us",
      "Volunteer",
      "Newsletter",
      "Privacy Policy",
      "Terms of Service",
    ]) {
      expect(await footer.getByRole("link", { name, exact: true }).count(), name).toBe(1);
    }
    expect(await footer.getByRole("link", { name: "Contact Us" }).getAttribute("href")).toBe("#contact");
    expect(await footer.getByRole("link", { name: "info@example.org" }).getAttribute("href")).toBe("mailto:info@example.org");
    expect(await footer.getByRole("link", { name: "(555) 010-2400" }).getAttribute("href")).toBe("tel:5550102400");
    expect(await footer.getByRole("link", { name: "(555) 010-2401" }).getAttribute("href")).toBe("tel:5550102401");
    const text = await footer.innerText();
    expect(text).toContain("P.O. Box");
    expect(text).toContain("VA");
    expect(text).toContain("501(c)(3)");
    expect(text).toContain(`© ${new Date().getFullYear()}`);
    expect(text).toContain("Built by volunteers");
  });

  it("opens the drawer on a phone: 300 px wide, focus kept inside, Escape closes it and focus returns", async () => {
    const phone = await newPage(browser, server.url, { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
    try {
      const { page } = phone;
      await page.goto("/about-us");
      expect(await page.getByRole("navigation", { name: "Main", exact: true }).isVisible()).toBe(false);
      const menu = page.getByRole("button", { name: "Menu", exact: true });
      await menu.click();
      const drawer = page.getByRole("dialog", { name: "Site menu" });
      await drawer.waitFor();
      expect(await menu.getAttribute("aria-expanded")).toBe("true");
      const box = await drawer.boundingBox();
      expect(Math.round(box!.width)).toBe(300);
      expect(Math.round(box!.x + box!.width)).toBe(375);
      // The current page is marked in the drawer.
      expect(await drawer.getByRole("link", { name: "About Us" }).getAttribute("aria-current")).toBe("page");
      const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest("dialog.drawer")));
      expect(await inside()).toBe(true);
      for (let i = 0; i < 14; i++) {
        await page.keyboard.press("Tab");
        expect(await inside(), `after ${i + 1} Tab`).toBe(true);
      }
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press("Shift+Tab");
        expect(await inside()).toBe(true);
      }
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Menu");
      // A link in the drawer navigates and closes it.
      await menu.click();
      await drawer.getByRole("link", { name: "Who We Are" }).click();
      await page.waitForURL("**/who-we-are");
      await drawer.waitFor({ state: "hidden" });
      // Wider small screens get a 400 px drawer.
      await page.setViewportSize({ width: 800, height: 900 });
      await menu.click();
      expect(Math.round((await drawer.boundingBox())!.width)).toBe(400);
      await page.keyboard.press("Escape");
    } finally {
      await phone.context.close();
    }
  });

  it("fits 320 px wide (and 200% zoom of 640 px) without horizontal scrolling", async () => {
    const small = await newPage(browser, server.url, { viewport: { width: 320, height: 640 } });
    try {
      for (const width of [320, 640]) {
        await small.page.setViewportSize({ width, height: 640 });
        for (const c of PUBLIC_PAGES) {
          await small.page.goto(c.path);
          const overflow = await small.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${c.path} at ${width} px`).toBeLessThanOrEqual(0);
        }
      }
    } finally {
      await small.context.close();
    }
  });

  it("opens outside links in a new tab, safely, and says so", async () => {
    await noJs.page.goto("/support-resources");
    const external = noJs.page.locator('main a[href^="http"]');
    const count = await external.count();
    expect(count).toBeGreaterThan(5);
    for (let i = 0; i < count; i++) {
      const a = external.nth(i);
      expect(await a.getAttribute("target")).toBe("_blank");
      expect(await a.getAttribute("rel")).toBe("noopener noreferrer");
      expect(await a.innerText()).toContain("(opens in a new tab)");
    }
    expect(await noJs.page.locator("main").innerText()).toContain("not an endorsement");
  });

  it("offers Donate Now in a new tab and the same form in an 800 px frame", async () => {
    await noJs.page.goto("/support-donation");
    const donate = noJs.page.getByRole("link", { name: /Donate Now/ });
    expect(await donate.getAttribute("href")).toBe("https://donate.example.org/our-lady-of-hope");
    expect(await donate.getAttribute("target")).toBe("_blank");
    const frame = noJs.page.locator("iframe");
    expect(await frame.getAttribute("src")).toBe("https://donate.example.org/our-lady-of-hope");
    expect(await frame.getAttribute("title")).toBeTruthy();
    expect(Math.round((await frame.boundingBox())!.height)).toBe(800);
  });
});
