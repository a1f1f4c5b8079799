import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../../support/browser";
import { Client, json } from "../../support/client";
import { SAMPLE_DATA, type TestServer } from "../../support/testServer";
import { count, liveFlower, signedIn, sql } from "../../public-server/fixtures";
import { CSV_TEMPLATE, CSV_TEMPLATE_FILENAME } from "../../../shared/csv";
import { adminPage, dismissToasts, expectNoAxeViolations, expectToast, openTab, startAdminServer, expectTabCount } from "./helpers";

const KEY = "e2e-import-key";
let server: TestServer;
let browser: Browser;
let page: Page;
let visitor: Client;

beforeAll(async () => {
  server = await startAdminServer({ adminImportKey: KEY });
  browser = await launchBrowser();
  visitor = new Client(server.url);
  page = (await adminPage(browser, server)).page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const csvFile = (name: string, text: string, mimeType = "text/csv") => ({ name, mimeType, buffer: Buffer.from(text) });
const errorItems = () => page.getByRole("list", { name: "Problems in the file" }).locator("li").allTextContents();
const gardenCount = async () => (await json<unknown[]>(await visitor.get("/api/memorial-flowers"))).length;

describe("CSV Import tab", () => {
  it("offers the template as a download", async () => {
    await openTab(page, "CSV Import");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download template" }).click()]);
    expect(download.suggestedFilename()).toBe(CSV_TEMPLATE_FILENAME);
    expect(fs.readFileSync((await download.path())!, "utf8")).toBe(CSV_TEMPLATE);
  });

  it("lists every problem of a broken file in the strict reader's words, and offers no reset", async () => {
    await openTab(page, "CSV Import");
    const input = page.getByLabel("CSV file");
    await page.getByLabel("Admin Key (Required)").fill(KEY);

    await input.setInputFiles(path.join(SAMPLE_DATA, "garden-120.csv"));
    await page.getByText("Invalid", { exact: true }).waitFor();
    expect(await errorItems()).toEqual(["Expected exactly 823 memorial flower entries, but found 120"]);
    expect(await page.getByRole("button", { name: /Reset and Import/ }).count()).toBe(0);

    const crafted = [
      "First Name,Middle Name,Last Name,Date of Loss,Flower Type",
      ",Ann,Lee,2020,Lily",
      "Mary,,,,",
      'Joseph,"Paul, John",K.,Spring,Daisy',
      "Clare,,,,Tulip",
    ].join("\n");
    await input.setInputFiles(csvFile("crafted.csv", crafted));
    await page.locator(".csv-validity__file", { hasText: "crafted.csv" }).waitFor();
    expect(await errorItems()).toEqual([
      "Expected exactly 823 memorial flower entries, but found 4",
      "Row 1: Missing First Name",
      "Row 2: Missing Flower Type",
      'Row 3: Invalid flower type "Daisy"',
    ]);

    await input.setInputFiles(csvFile("columns.csv", "First Name,Last Name,Flower\nAva,B.,Lily\n"));
    await page.locator(".csv-validity__file", { hasText: "columns.csv" }).waitFor();
    expect(await errorItems()).toEqual([
      'Missing required column: "Middle Name"',
      'Missing required column: "Date of Loss"',
      'Missing required column: "Flower Type"',
      "Expected exactly 823 memorial flower entries, but found 1",
    ]);

    await input.setInputFiles(csvFile("header-only.csv", "First Name,Middle Name,Last Name,Date of Loss,Flower Type\n"));
    await page.locator(".csv-validity__file", { hasText: "header-only.csv" }).waitFor();
    expect(await errorItems()).toEqual(["CSV file must have a header row and at least one data row"]);

    await input.setInputFiles(csvFile("notes.txt", "hello", "text/plain"));
    await page.locator(".csv-validity__file", { hasText: "notes.txt" }).waitFor();
    expect(await errorItems()).toEqual(["Invalid File: Please select a CSV file."]);
    expect(await page.getByRole("button", { name: /Reset and Import/ }).count()).toBe(0);
  });

  it("imports garden-823.csv after the confirmation, with the count, the backup, and the garden replaced", async () => {
    await liveFlower(server, await signedIn(server), { babyFirstName: "Oldgarden" });
    await page.reload();
    await openTab(page, "CSV Import");
    await page.getByLabel("CSV file").setInputFiles(path.join(SAMPLE_DATA, "garden-823.csv"));
    await page.getByText("Valid", { exact: true }).waitFor();
    await page.getByText("823 memorial flower entries ready to import.").waitFor();
    // No key yet: no reset button.
    expect(await page.getByRole("button", { name: /Reset and Import/ }).count()).toBe(0);
    await page.getByLabel("Admin Key (Required)").fill("wrong key");
    await page.getByRole("button", { name: "Reset and Import 823 Flowers" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete everything and import?" });
    const text = (await dialog.textContent()) ?? "";
    expect(text).toContain("ALL existing memorial flowers and comments");
    expect(text).toContain("cannot be undone");
    expect(text).toContain("backup copy");
    await dialog.getByRole("button", { name: "Delete all and import" }).click();
    await expectToast(page, "Import Failed", "The admin key is not correct.");
    expect(count(server, "memorial_flowers", "baby_first_name = 'Oldgarden'")).toBe(1);

    await dismissToasts(page);
    await page.getByLabel("Admin Key (Required)").fill(KEY);
    await page.getByRole("button", { name: "Reset and Import 823 Flowers" }).click();
    await dialog.getByRole("button", { name: "Delete all and import" }).click();
    await expectToast(page, "Import Successful", "Successfully imported 823 memorial flowers");
    await page.getByText("Successfully imported 823 memorial flowers.", { exact: true }).waitFor();
    await page
      .getByText(
        /^The previous garden was saved first, as the backup garden-before-import-\S+\.sqlite taken on [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d\d (AM|PM)\.$/,
      )
      .waitFor();
    expect(await gardenCount()).toBe(823);
    expect(count(server, "memorial_flowers", "baby_first_name = 'Oldgarden'")).toBe(0);
  });
});

describe("Bulk Upload tab", () => {
  it("uploads from text: preview of valid and invalid rows, progress while running, success line and toast", async () => {
    const before = await gardenCount();
    await page.reload();
    await openTab(page, "Bulk Upload");
    await page.getByText("The date of loss is completely optional free text", { exact: false }).waitFor();
    expect(await page.locator(".admin-hint__flowers li").count()).toBe(10);
    await page.getByLabel("CSV data").fill("Textone,,A.,2020,Pink Rose\nTexttwo,Marie,,,forget me not\n,,,,lily\n");
    const table = page.getByRole("table");
    await table.getByText("2 valid, 1 invalid", { exact: false }).waitFor();
    expect(await table.getByText("Invalid: Row 3: Missing First Name").count()).toBe(1);

    // Hold the request until the progress indicator has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/admin/memorial-flowers/bulk-upload", async (route) => {
      await held;
      await route.continue();
    });
    await dismissToasts(page);
    await page.getByRole("button", { name: "Upload" }).click();
    await page.getByRole("progressbar", { name: "Processing memorial flowers" }).waitFor();
    release();
    await expectToast(page, "Bulk Upload Successful", "Successfully uploaded 2 memorial flowers.");
    await page.getByText("Operation completed successfully! Memorial flowers have been processed.").waitFor();
    await page.unroute("**/api/admin/memorial-flowers/bulk-upload");
    expect(await gardenCount()).toBe(before + 2);
    expect(count(server, "memorial_flowers", "baby_first_name = 'Texttwo' AND flower_type = 'forget-me-not' AND approved = 1")).toBe(1);
  });

  it("updates from a file with IDs, and refuses what the product says to refuse", async () => {
    const [one] = sql<{ id: number }>(server, "SELECT id FROM memorial_flowers WHERE baby_first_name = 'Textone'");
    await openTab(page, "Bulk Upload");
    const file = page.getByLabel("Or choose a CSV file");

    await dismissToasts(page);
    await page.getByLabel("CSV data").fill("");
    await page.getByRole("button", { name: "Upload" }).click();
    await expectToast(page, "No Data", "Please provide CSV data to upload.");
    await dismissToasts(page);
    await page.getByRole("button", { name: "Update" }).click();
    await expectToast(page, "No Data", "Please provide CSV data to update.");

    await dismissToasts(page);
    await page.getByLabel("CSV data").fill("First Name,Flower Type\n,lily\nNoflower,\n");
    await page.getByRole("button", { name: "Upload" }).click();
    await expectToast(page, "Invalid Data", "No valid memorial flower entries found in CSV.");

    await dismissToasts(page);
    await page.getByLabel("CSV data").fill("Noid,,,,lily\n");
    await page.getByRole("button", { name: "Update" }).click();
    await expectToast(page, "Missing IDs", "All entries must have an ID for bulk updates.");

    await dismissToasts(page);
    await file.setInputFiles(csvFile("notes.txt", "x", "text/plain"));
    await expectToast(page, "Invalid File", "Please select a CSV file.");

    await dismissToasts(page);
    await file.setInputFiles(csvFile("update.csv", `ID,First Name,Last Name,Flower Type\n${one!.id},Fileupdated,Z.,Carnation\n`));
    await expect.poll(() => page.getByLabel("CSV data").inputValue()).toContain("Fileupdated");
    await page.getByRole("button", { name: "Update" }).click();
    await expectToast(page, "Bulk Update Successful", "Successfully updated 1 memorial flower.");
    await page.getByText("Operation completed successfully! Memorial flowers have been processed.").waitFor();
    expect(sql(server, "SELECT baby_first_name AS f, flower_type AS t FROM memorial_flowers WHERE id = ?", one!.id)).toEqual([
      { f: "Fileupdated", t: "carnation" },
    ]);

    await dismissToasts(page);
    await page.getByLabel("CSV data").fill("Ghost,,,,lily,99999999\n");
    await page.getByRole("button", { name: "Update" }).click();
    await expectToast(page, "Update Failed", "No memorial flower has the ID 99999999. Nothing was changed.");
    await page.locator(".bulk-result--error", { hasText: "No memorial flower has the ID 99999999" }).waitFor();
  });

  it("uploads from a file", async () => {
    const before = await gardenCount();
    await openTab(page, "Bulk Upload");
    await page
      .getByLabel("Or choose a CSV file")
      .setInputFiles(csvFile("new.csv", "First Name,Middle Name,Last Name,Date of Loss,Flower Type\nFilebaby,,F.,Winter 2022,Calla Lily\n"));
    await expect.poll(() => page.getByLabel("CSV data").inputValue()).toContain("Filebaby");
    await dismissToasts(page);
    await page.getByRole("button", { name: "Upload" }).click();
    await expectToast(page, "Bulk Upload Successful", "Successfully uploaded 1 memorial flower.");
    expect(await gardenCount()).toBe(before + 1);
  });
});

describe("Assistance Requests and Activity tabs", () => {
  it("shows a request made through the public site, with call and email links, and records who handled it", async () => {
    const res = await visitor.post("/api/assistance-requests", {
      firstName: "Teresa",
      lastName: "Example",
      email: "teresa@example.org",
      phoneNumber: "(555) 010-2030",
      comments: "Our baby was born still this morning. Please call.",
    });
    expect(res.status).toBe(201);
    await page.reload();
    await page.getByRole("heading", { name: "Administrator Dashboard" }).waitFor();
    await expectTabCount(page, /^Assistance Requests/, "1 not handled");
    await openTab(page, /^Assistance Requests/);
    const card = page.locator("article", { hasText: "Teresa Example" });
    await card.getByText("Our baby was born still this morning. Please call.").waitFor();
    expect(await card.getByRole("link", { name: "Call (555) 010-2030" }).getAttribute("href")).toBe("tel:5550102030");
    expect(await card.getByRole("link", { name: "Email teresa@example.org" }).getAttribute("href")).toBe("mailto:teresa@example.org");
    await card.getByText("Not handled yet").waitFor();
    await card.getByRole("button", { name: "Mark as handled" }).click();
    await card.getByText(/^Handled by admin on [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d\d (AM|PM)$/).waitFor();
    expect(await page.locator(".admin-badge").count()).toBe(0);

    await openTab(page, "Activity");
    const rows = page.getByRole("table").locator("tbody tr");
    await rows.first().waitFor();
    const first = await rows.first().locator("td").allTextContents();
    expect(first.slice(1)).toEqual(["admin", "Handled", expect.stringMatching(/^Assistance request #\d+ marked as handled$/)]);
    const all = (await rows.allTextContents()).join("\n");
    expect(all).toMatch(/Reset and import: 823 memorial flowers/);
    expect(all).toMatch(/Bulk upload: 2 memorial flowers/);
    expect(all).toMatch(/Bulk update: 1 memorial flower/);
    expect(all).not.toContain("teresa@example.org");
    expect(all).not.toContain("Teresa");
  });

  it("pages Assistance Requests and Activity on the server with a labelled pager, axe clean", async () => {
    for (let i = 0; i < 24; i++) {
      const res = await visitor.post("/api/assistance-requests", {
        firstName: `Pager${i}`,
        lastName: "Example",
        email: `pager${i}@example.org`,
        phoneNumber: "555-0100",
        comments: "Please call.",
      });
      expect(res.status).toBe(201);
    }
    for (let i = 0; i < 45; i++)
      sql(server, "INSERT INTO activity_log (actor, action, kind, item_id, summary) VALUES ('admin', 'approved', 'flower', ?, ?)", i, `Paged line ${i}`);
    const requests = count(server, "assistance_requests");
    const actions = count(server, "activity_log");
    await page.reload();
    await page.getByRole("heading", { name: "Administrator Dashboard" }).waitFor();

    await openTab(page, /^Assistance Requests/);
    const pager = page.getByRole("navigation", { name: "Assistance requests, pages" });
    await pager.getByText(`1–20 of ${requests}`).waitFor();
    expect(await page.locator("article.admin-card").count()).toBe(20);
    await page.locator("article", { hasText: "Pager23 Example" }).waitFor();
    await expectNoAxeViolations(page, "Assistance Requests, page 1");
    await pager.getByRole("button", { name: "Next page of assistance requests" }).click();
    await pager.getByText(`21–${Math.min(40, requests)} of ${requests}`).waitFor();
    await page.locator("article", { hasText: "Pager3 Example" }).waitFor();
    expect(await page.locator("article", { hasText: "Pager23 Example" }).count()).toBe(0);

    await openTab(page, "Activity");
    const log = page.getByRole("navigation", { name: "Activity, pages" });
    await log.getByText(`1–20 of ${actions}`).waitFor();
    const rows = page.getByRole("table").locator("tbody tr");
    expect(await rows.count()).toBe(20);
    expect(await rows.first().locator("td").nth(3).textContent()).toBe("Paged line 44");
    expect(await page.getByRole("table").locator("caption").textContent()).toBe(`Actions 1–20 of ${actions}, newest first`);
    await expectNoAxeViolations(page, "Activity, page 1");
    const next = log.getByRole("button", { name: "Next page of activity" });
    await next.click();
    await log.getByText(`21–40 of ${actions}`).waitFor();
    expect(await rows.first().locator("td").nth(3).textContent()).toBe("Paged line 24");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Next page of activity");
    await expectNoAxeViolations(page, "Activity, page 2");
  });

  it("shows the Emails area with the export and the failed emails (or a quiet line without email tools)", async () => {
    await openTab(page, "Emails");
    await page.waitForFunction(() => !document.querySelector(".emails-panel [role=status]"));
    const available = await page.getByRole("button", { name: "Export mailing list" }).count();
    if (available)
      await page
        .getByText(/No failed emails\.|Retry/)
        .first()
        .waitFor();
    else await page.getByText("Email tools are not available on this server.").waitFor();
  });
});
