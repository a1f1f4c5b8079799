/**
 * Upload pressed again in the web admin's Bulk Upload tab, after a success or
 * after the answer was lost on the way: the rows go into the garden once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../../support/browser";
import type { TestServer } from "../../support/testServer";
import { count } from "../../public-server/fixtures";
import { adminPage, dismissToasts, expectToast, openTab, startAdminServer } from "./helpers";

const UPLOAD = "**/api/admin/memorial-flowers/bulk-upload";
let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startAdminServer();
  browser = await launchBrowser();
  page = (await adminPage(browser, server)).page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const named = (prefix: string) => count(server, "memorial_flowers", `baby_first_name LIKE '${prefix}%'`);

describe("Bulk Upload pressed twice", () => {
  it("adds the rows once when Upload is pressed again after a success, and says they were uploaded already", async () => {
    await openTab(page, "Bulk Upload");
    const checked = page.waitForResponse("**/api/admin/memorial-flowers/duplicates");
    await page.getByLabel("CSV data").fill("Twiceone,,A.,2020,Lily\nTwicetwo,,B.,,Pink Rose\n");
    await page.getByRole("table").getByText("2 valid", { exact: false }).waitFor();
    // The check for rows already in the garden has answered (none are), so it cannot change what is sent.
    await checked;
    await dismissToasts(page);
    await page.getByRole("button", { name: "Upload" }).click();
    await expectToast(page, "Bulk Upload Successful", "Successfully uploaded 2 memorial flowers.");

    await dismissToasts(page);
    await page.getByRole("button", { name: "Upload" }).click();
    await expectToast(page, "Already Uploaded", "These 2 rows were uploaded already, so nothing was added again.");
    await page.locator(".bulk-result--success", { hasText: "These 2 rows were uploaded already" }).waitFor();
    expect(named("Twice")).toBe(2);
  });

  it("adds the rows once when the first answer was lost on the way and the volunteer tries again", async () => {
    await openTab(page, "Bulk Upload");
    const checked = page.waitForResponse("**/api/admin/memorial-flowers/duplicates");
    await page.getByLabel("CSV data").fill("Lostone,,A.,,Lily\nLosttwo,,B.,,Pink Rose\nLostthree,,C.,,Tulip\n");
    await page.getByRole("table").getByText("3 valid", { exact: false }).waitFor();
    await checked;
    // The first upload reaches the server and is saved; its answer never comes back.
    await page.route(UPLOAD, async (route) => {
      await route.fetch();
      await route.abort("connectionreset");
    });
    await dismissToasts(page);
    await page.getByRole("button", { name: "Upload" }).click();
    await expectToast(page, "Upload Failed", "We could not reach the server. Please check your connection and try again.");
    await page.unroute(UPLOAD);
    expect(named("Lost")).toBe(3);

    await dismissToasts(page);
    await page.getByRole("button", { name: "Upload" }).click();
    await expectToast(page, "Already Uploaded", "These 3 rows were uploaded already, so nothing was added again.");
    expect(named("Lost")).toBe(3);
  });
});
