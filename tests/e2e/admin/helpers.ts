import path from "node:path";
import { expect } from "vitest";
import type { Browser, Page } from "playwright-core";
import { ROOT, startTestServer, type TestServer } from "../../support/testServer";
import { newPage } from "../../support/browser";
import type { ServerConfig } from "../../../public-server/config";
import { axeViolations } from "../../support/axe";

/** Shared steps of the admin browser tests. */

export const ADMIN = { username: "admin", password: "correct horse battery" };
export const PLAIN = { username: "plainuser", password: "a plain password" };

/**
 * The built site the tests serve: ADMIN_E2E_WEB_DIR when set (a private build,
 * safe from a concurrent `vite build`), else dist/web from `npm run build:web`.
 */
export const WEB_DIR = process.env.ADMIN_E2E_WEB_DIR ?? path.join(ROOT, "dist/web");

export async function startAdminServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const server = await startTestServer({ webDir: WEB_DIR, ...overrides });
  await server.createUser(ADMIN.username, ADMIN.password, "admin");
  await server.createUser(PLAIN.username, PLAIN.password, "user");
  return server;
}

/** A signed-in admin page on the dashboard. */
export async function adminPage(browser: Browser, server: TestServer): Promise<{ page: Page; consoleErrors: string[] }> {
  const { page, consoleErrors } = await newPage(browser, server.url);
  await login(page, ADMIN.username, ADMIN.password);
  await page.getByRole("heading", { name: "Administrator Dashboard" }).waitFor();
  return { page, consoleErrors };
}

export async function login(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The visible toast with this title (and message, when given). */
export async function expectToast(page: Page, title: string, message?: string | RegExp): Promise<void> {
  const toast = page.locator(".toast").filter({ has: page.locator(".toast__title", { hasText: new RegExp(`^${escape(title)}$`) }) });
  await toast.first().waitFor({ timeout: 10_000 });
  if (message !== undefined) {
    const text = (await toast.first().locator(".toast__message").textContent()) ?? "";
    if (typeof message === "string") expect(text).toBe(message);
    else expect(text).toMatch(message);
  }
}

/** Dismisses any visible toast, so the next check sees only the next one. */
export async function dismissToasts(page: Page): Promise<void> {
  for (const button of await page.getByRole("button", { name: "Dismiss notification" }).all()) await button.click().catch(() => undefined);
}

export async function openTab(page: Page, name: RegExp | string): Promise<void> {
  await page.getByRole("tab", { name }).click();
}

/**
 * Waits until the tab's label shows this count. The counts arrive with the
 * dashboard's summary, after its heading, and change after a moderation only
 * once the summary is fetched again: reading the label once races both.
 */
export async function expectTabCount(page: Page, name: RegExp, count: string): Promise<void> {
  await expect.poll(() => page.getByRole("tab", { name }).textContent(), { timeout: 10_000 }).toContain(count);
}

/** Runs axe with the WCAG 2.0/2.1/2.2 A and AA rules; fails listing every violation. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  // WCAG 2.2 AA, and headings in order (a best practice axe reports separately).
  expect(await axeViolations(page, { rules: ["heading-order"] }), `axe on ${where}`).toEqual([]);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
