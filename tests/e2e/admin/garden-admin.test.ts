import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../../support/browser";
import type { TestServer } from "../../support/testServer";
import { signedIn, sql } from "../../public-server/fixtures";
import { adminPage, dismissToasts, expectToast, openTab, startAdminServer } from "./helpers";

/**
 * The web admin with a real garden: flower IDs on the cards, search, type
 * filter and pages served by the server, "Download the garden as CSV" that
 * goes straight back in as a Bulk Update changing nothing, and Bulk Upload's
 * warning about rows already in the garden, which it can skip.
 */

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startAdminServer();
  const api = await signedIn(server);
  const flowers = Array.from({ length: 45 }, (_, i) => ({
    babyFirstName: `Garden${String(i).padStart(2, "0")}`,
    babyLastName: i % 2 ? "Lee" : "Example",
    lossDate: i === 7 ? "=SUM(1)" : null,
    flowerType: i % 3 ? "lily" : "marigold",
  }));
  const res = await api.post("/api/admin/memorial-flowers/bulk-upload", { flowers });
  if (res.status !== 200) throw new Error(await res.text());
  browser = await launchBrowser();
  page = (await adminPage(browser, server)).page;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const approved = () => page.getByRole("region", { name: "Approved memorial flowers" });

describe("Memorial Flowers tab with a garden", () => {
  it("shows each flower's ID, pages the approved list, and searches and filters on the server", async () => {
    await openTab(page, /^Memorial Flowers/);
    const [newest] = sql<{ id: number }>(server, "SELECT max(id) AS id FROM memorial_flowers");
    await approved().getByText(`ID ${newest!.id}`, { exact: true }).waitFor();
    await approved().getByText("1–20 of 45").waitFor();
    expect(await approved().locator("article").count()).toBe(20);

    await approved().getByRole("button", { name: "Next page of approved memorial flowers" }).click();
    await approved().getByText("21–40 of 45").waitFor();
    await approved().getByText("Garden24", { exact: false }).waitFor();

    const search = page.getByRole("search", { name: "Search memorial flowers" });
    await search.getByLabel("Search by name or ID").fill("garden1");
    await search.getByRole("button", { name: "Search" }).click();
    await page.getByRole("heading", { name: "Approved (10)" }).waitFor();
    await search.getByLabel("Flower type").selectOption("marigold");
    await page.getByRole("heading", { name: "Approved (3)" }).waitFor();
    expect(await approved().locator("h4").allTextContents()).toEqual(["Garden18 Example", "Garden15 Lee", "Garden12 Example"]);
    await search.getByRole("button", { name: "Clear" }).click();
    await page.getByRole("heading", { name: "Approved (45)" }).waitFor();
  });

  it("downloads the garden as CSV, which sent back as a Bulk Update changes nothing", async () => {
    const before = sql(server, "SELECT * FROM memorial_flowers ORDER BY id");
    await openTab(page, /^Memorial Flowers/);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the garden as CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("garden-of-remembrance.csv");
    const file = await download.path();
    const text = fs.readFileSync(file, "utf8");
    // A byte-order mark first, so that Excel on Windows reads it as UTF-8.
    expect(text.split("\r\n")[0]).toBe("\ufeffID,First Name,Middle Name,Last Name,Date of Loss,Flower Type,Version");
    expect(text).toContain("'=SUM(1)");

    await openTab(page, "Bulk Upload");
    await page.getByLabel("Or choose a CSV file").setInputFiles({ name: "garden-of-remembrance.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
    await dismissToasts(page);
    await page.getByRole("button", { name: "Update" }).click();
    await expectToast(page, "Bulk Update Successful", "Successfully updated 45 memorial flowers.");
    expect(sql(server, "SELECT * FROM memorial_flowers ORDER BY id")).toEqual(before);
  });

  it("warns about rows already in the garden, and skips them when asked", async () => {
    await page.reload();
    await openTab(page, "Bulk Upload");
    await page.getByLabel("CSV data").fill("Garden01,,Lee,,Lily\nGarden02,,Lee,,Lily\nNewbaby,,Lee,,Lily\n");
    await page.getByText("1 row matches a flower already in the garden", { exact: true }).waitFor();
    await page.getByLabel("CSV data").fill("Garden01,,Lee,,Lily\nGarden04,,Example,,Lily\nNewbaby,,Lee,,Lily\n");
    await page.getByText("2 rows match flowers already in the garden", { exact: true }).waitFor();
    expect(await page.getByLabel("Skip them when uploading").isChecked()).toBe(true);
    await dismissToasts(page);
    await page.getByRole("button", { name: "Upload" }).click();
    await expectToast(page, "Bulk Upload Successful", "Successfully uploaded 1 memorial flower.");
    expect(sql(server, "SELECT count(*) AS n FROM memorial_flowers WHERE baby_first_name IN ('Garden01', 'Garden04')")).toEqual([{ n: 2 }]);
    expect(sql(server, "SELECT count(*) AS n FROM memorial_flowers WHERE baby_first_name = 'Newbaby'")).toEqual([{ n: 1 }]);
  });
});
