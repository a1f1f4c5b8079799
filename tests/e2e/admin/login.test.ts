import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newPage } from "../../support/browser";
import type { TestServer } from "../../support/testServer";
import { ADMIN, PLAIN, expectNoAxeViolations, expectToast, login, startAdminServer } from "./helpers";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAdminServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("/admin/login and the /admin guard", () => {
  it("sends a signed-out visitor from /admin to the login page, which has the warning and the side panel and no axe violation", async () => {
    const { page, consoleErrors } = await newPage(browser, server.url);
    await page.goto("/admin");
    await page.waitForURL("**/admin/login");
    await page.getByRole("heading", { name: "Administrator Login" }).waitFor();
    expect(await page.getByRole("note").textContent()).toMatch(/Only authorized administrators.*contact your system administrator/);
    expect(await page.getByRole("complementary").locator("li").count()).toBeGreaterThanOrEqual(3);
    await expectNoAxeViolations(page, "login page");

    // messages before anything is sent.
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Username is required").waitFor();
    await page.getByText("Password is required").waitFor();
    await expectNoAxeViolations(page, "login page with errors");
    // The browser itself logs the silent 401 of GET /api/user (signed out); nothing else may fail.
    expect(consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await page.context().close();
  });

  it("shows the destructive 'Login failed' toast with the server's message on wrong credentials", async () => {
    const { page } = await newPage(browser, server.url);
    await login(page, ADMIN.username, "not the password");
    await expectToast(page, "Login failed", "Invalid username or password");
    const toast = page.locator(".toast--destructive");
    expect(await toast.getAttribute("role")).toBe("alert");
    expect(page.url()).toMatch(/\/admin\/login$/);
    await page.context().close();
  });

  it("signs an admin in (toast, dashboard), sends a signed-in admin from the login page to /admin, and logs out", async () => {
    const { page, consoleErrors } = await newPage(browser, server.url);
    await login(page, ADMIN.username, ADMIN.password);
    await expectToast(page, "Login successful", `Welcome back, ${ADMIN.username}`);
    await page.waitForURL(/\/admin$/);
    await page.getByText(`Welcome, ${ADMIN.username}`).waitFor();

    await page.goto("/admin/login");
    await page.waitForURL(/\/admin$/);
    await page.getByRole("heading", { name: "Administrator Dashboard" }).waitFor();

    await page.getByRole("button", { name: "Logout" }).click();
    await expectToast(page, "Logged out", "You have been logged out successfully");
    await page.waitForURL("**/admin/login");
    await page.goto("/admin");
    await page.waitForURL("**/admin/login");
    expect(consoleErrors.filter((e) => !/401/.test(e))).toEqual([]);
    await page.context().close();
  });

  it("shows Access Denied, with the username and role, to a signed-in account without the admin role", async () => {
    const { page } = await newPage(browser, server.url);
    await login(page, PLAIN.username, PLAIN.password);
    await page.waitForURL(/\/admin$/);
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await page
      .getByText("This area is restricted to administrators only. You do not have the required permissions to access this page.", { exact: true })
      .waitFor();
    expect(await page.locator(".admin-denied__who").textContent()).toBe(`Signed in as ${PLAIN.username} with the role user.`);
    expect(await page.getByRole("tab").count()).toBe(0);
    await expectNoAxeViolations(page, "Access Denied");
    await page.context().close();
  });

  it("does not shift as it renders, even while the session check is slow (CLS about 0)", async () => {
    // A phone's viewport, as Lighthouse measures: there the footer is in view while the page renders.
    const { page } = await newPage(browser, server.url, { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true });
    await page.addInitScript(() => {
      (window as unknown as { cls: number }).cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.route("**/api/user", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.goto("/admin/login");
    await page.getByRole("heading", { name: "Administrator Login" }).waitFor();
    await page.waitForTimeout(1200); // past the session answer
    const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
    console.log(`admin login CLS: ${cls.toFixed(3)}`);
    expect(cls).toBeLessThan(0.02);
    await page.context().close();
  });

  it("shows the 'Loading...' spinner while the session loads, and spinners while the lists load", async () => {
    const { page } = await newPage(browser, server.url);
    await login(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/\/admin$/);
    // Each answer is held until its spinner has been seen.
    const hold = async (pattern: string) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(pattern, async (route) => {
        await held;
        await route.continue();
      });
      return release;
    };
    const releaseUser = await hold("**/api/user");
    const releaseList = await hold("**/api/admin/testimonials?*");
    await page.reload();
    await page
      .getByRole("status")
      .filter({ hasText: /^Loading\.\.\.$/ })
      .waitFor();
    releaseUser();
    await page.getByRole("status").filter({ hasText: "Loading testimonials..." }).waitFor();
    releaseList();
    await page.getByText("No pending testimonials.", { exact: true }).waitFor();
    await page.context().close();
  });
});
