import fs from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

/** Where Chromium is: CHROMIUM_PATH, or Debian's /usr/bin/chromium (apt-get install chromium). */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error("No Chromium found: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.");
  return found;
}

/** Launches headless Chromium with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-quic",
    ],
  });
}

/** A fresh context (own cookies) and page against `baseURL`; console errors are collected. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  page.on("pageerror", (err) => consoleErrors.push(err.message));
  return { context, page, consoleErrors };
}

/**
 * Opens `path` and waits until the page is hydrated (the layout marks <html data-hydrated>), so what the
 * test does next goes through React, not through the server-rendered HTML's plain forms and links.
 */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
