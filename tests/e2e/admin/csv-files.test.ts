import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../../support/browser";
import type { TestServer } from "../../support/testServer";
import { count, liveFlower, signedIn, sql } from "../../public-server/fixtures";
import { WINDOWS_1252_NOTICE } from "../../../shared/csv";
import { watchMainThread } from "../../support/mainThread";
import { adminPage, dismissToasts, expectToast, openTab, startAdminServer } from "./helpers";

/**
 * The web admin's CSV panels with real files: a 10 MB file read without
 * freezing the page, a Windows-1252 file read with a notice (never "Zo�"),
 * a new file clearing the last result, and the import's backup shown by name
 * and time, never as a path on the server.
 */

const KEY = "csv-files-key";
const HEADER = "First Name,Middle Name,Last Name,Date of Loss,Flower Type";
const TYPES = ["Pink Rose", "Lily", "Tulip", "Forget Me Not", "Calla Lily"];

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startAdminServer({ adminImportKey: KEY });
  browser = await launchBrowser();
  page = (await adminPage(browser, server)).page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** About `megabytes` of strict-format CSV: header and distinct fictional rows. */
function bigCsv(megabytes: number): { text: string; rows: number } {
  const lines = [HEADER];
  let size = HEADER.length + 1;
  let i = 0;
  while (size < megabytes * 1024 * 1024) {
    const line = `Sample${i},Hope,Example${i % 977},"June ${(i % 28) + 1}, 2019",${TYPES[i % TYPES.length]}`;
    lines.push(line);
    size += line.length + 1;
    i++;
  }
  return { text: lines.join("\n") + "\n", rows: i };
}

const file = (name: string, buffer: Buffer) => ({ name, mimeType: "text/csv", buffer });

/** Waits until the progress bar shows a share strictly between 0 and 100; answers the value seen. */
async function seeProgress(p: Page): Promise<number> {
  const bar = p.locator("progress.csv-progress__bar");
  await bar.waitFor({ timeout: 20_000 });
  let value = 0;
  await expect
    .poll(
      async () => {
        value = Number((await bar.getAttribute("value").catch(() => "0")) ?? 0);
        return value > 0 && value < 100;
      },
      { timeout: 60_000, interval: 50 },
    )
    .toBe(true);
  return value;
}

describe("a 10 MB CSV file", () => {
  const big = bigCsv(10);
  // From a file on disk, as a volunteer chooses it: a buffer would be rebuilt by the test tool inside the page.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "garden-csv-"));
  const bigFile = path.join(folder, "big.csv");
  fs.writeFileSync(bigFile, big.text);
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it("is read in Bulk Upload with progress, the page staying responsive", async () => {
    await page.reload();
    await openTab(page, "Bulk Upload");
    const stop = await watchMainThread(page);
    const started = Date.now();
    await page.getByLabel("Or choose a CSV file").setInputFiles(bigFile);
    const progress = await seeProgress(page);
    // While the file is read the page answers at once: typing elsewhere is not blocked.
    const probe = Date.now();
    await page.evaluate(() => document.title);
    const probeMs = Date.now() - probe;
    await page.getByText(`${big.rows.toLocaleString("en-US")} valid, 0 invalid (the first 100 shown)`, { exact: false }).waitFor({ timeout: 120_000 });
    const readMs = Date.now() - started;
    const { longestTaskMs, longestFrameGapMs, progressSeen } = await stop();
    console.log(
      `Bulk Upload, ${(big.text.length / 1_048_576).toFixed(1)} MB, ${big.rows} rows: read in ${readMs} ms; progress values shown ${progressSeen.join(", ")} (first seen ${progress}%); ` +
        `longest main-thread task ${longestTaskMs} ms, longest gap between frames ${longestFrameGapMs} ms, a call into the page during the read ${probeMs} ms`,
    );
    expect(progressSeen.length).toBeGreaterThanOrEqual(3);
    expect(await page.locator(".csv-source").textContent()).toContain("big.csv");
    expect(await page.locator(".admin-table tbody tr").count()).toBe(100);
    expect(await page.getByLabel("CSV data").inputValue()).toBe(""); // too large for the box
    // The Long Tasks API reports tasks over 50 ms only (0: none). The budgets leave room for a machine busy with
    // other tests. Read on the page itself, this file froze the tab for about 60 s. With the rows handed over in
    // one message, taking them held the page 300–350 ms on a quiet machine and 1,048 ms in a full CI run; in
    // messages of ROWS_PER_MESSAGE rows the longest task is 50–55 ms and the longest gap between frames 100–117 ms.
    expect(longestTaskMs).toBeLessThan(1_000);
    expect(longestFrameGapMs).toBeLessThan(2_000);
    // A whole-garden file is not sent to the server a second time to look for flowers already there; the preview says so.
    await page.getByText("so it was not checked for flowers already in the garden").waitFor();
  });

  it("is read in CSV Import with progress, the page staying responsive", async () => {
    await openTab(page, "CSV Import");
    const stop = await watchMainThread(page);
    const started = Date.now();
    await page.getByLabel("CSV file").setInputFiles(bigFile);
    const progress = await seeProgress(page);
    await page.getByText(`Expected exactly 823 memorial flower entries, but found ${big.rows}`).waitFor({ timeout: 120_000 });
    const readMs = Date.now() - started;
    const { longestTaskMs, longestFrameGapMs, progressSeen } = await stop();
    console.log(
      `CSV Import, ${big.rows} rows: read in ${readMs} ms; progress values shown ${progressSeen.join(", ")} (first seen ${progress}%); longest main-thread task ${longestTaskMs} ms, longest gap between frames ${longestFrameGapMs} ms`,
    );
    expect(progressSeen.length).toBeGreaterThanOrEqual(3);
    // The Long Tasks API reports tasks over 50 ms only (0: none). The budgets leave room for a machine busy with
    // other tests. Read on the page itself, this file froze the tab for about 60 s. With the rows handed over in
    // one message, taking them held the page 300–350 ms on a quiet machine and 1,048 ms in a full CI run; in
    // messages of ROWS_PER_MESSAGE rows the longest task is 50–55 ms and the longest gap between frames 100–117 ms.
    expect(longestTaskMs).toBeLessThan(1_000);
    expect(longestFrameGapMs).toBeLessThan(2_000);
  });
});

describe("a 50,000-row file", () => {
  const lines = [HEADER];
  for (let i = 0; i < 50_000; i++) lines.push(`Sample${i},Hope,Example${i % 977},"June ${(i % 28) + 1}, 2019",${TYPES[i % TYPES.length]}`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "garden-csv-"));
  const rowsFile = path.join(folder, "rows-50000.csv");
  fs.writeFileSync(rowsFile, `${lines.join("\n")}\n`);
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it("is previewed in Bulk Upload and checked in CSV Import, the page never held more than 200 ms at once (as in the desktop app)", async () => {
    await page.reload();
    await openTab(page, "Bulk Upload");
    let stop = await watchMainThread(page);
    let started = Date.now();
    await page.getByLabel("Or choose a CSV file").setInputFiles(rowsFile);
    await page.getByText("50,000 valid, 0 invalid (the first 100 shown)", { exact: false }).waitFor({ timeout: 120_000 });
    const bulk = { ms: Date.now() - started, ...(await stop()) };
    console.log(
      `Web Bulk Upload, 50,000 rows: preview in ${bulk.ms} ms; longest main-thread task ${bulk.longestTaskMs} ms, longest gap between frames ${bulk.longestFrameGapMs} ms`,
    );

    await openTab(page, "CSV Import");
    stop = await watchMainThread(page);
    started = Date.now();
    await page.getByLabel("CSV file").setInputFiles(rowsFile);
    await page.getByText("Expected exactly 823 memorial flower entries, but found 50000").waitFor({ timeout: 120_000 });
    const strict = { ms: Date.now() - started, ...(await stop()) };
    console.log(
      `Web CSV Import, 50,000 rows: checked in ${strict.ms} ms; longest main-thread task ${strict.longestTaskMs} ms, longest gap between frames ${strict.longestFrameGapMs} ms`,
    );
    expect(bulk.longestTaskMs).toBeLessThan(200);
    expect(strict.longestTaskMs).toBeLessThan(200);
  });
});

describe("a file saved in Windows-1252 (older Excel)", () => {
  it("shows Zoë in the Bulk Upload preview with a notice, and uploads Zoë", async () => {
    await page.reload();
    await openTab(page, "Bulk Upload");
    const bytes = Buffer.from("First Name,Last Name,Flower Type\nZoë,Müller,Lily\nRenée,Núñez,Tulip\n", "latin1");
    expect(bytes.includes(Buffer.from("Zoë", "utf8"))).toBe(false); // really not UTF-8
    await page.getByLabel("Or choose a CSV file").setInputFiles(file("excel.csv", bytes));
    await page.getByText(WINDOWS_1252_NOTICE).waitFor();
    const table = page.getByRole("table");
    await table.getByRole("cell", { name: "Zoë", exact: true }).waitFor();
    await table.getByRole("cell", { name: "Núñez", exact: true }).waitFor();
    expect(await page.getByLabel("CSV data").inputValue()).toContain("Zoë,Müller,Lily");
    expect(await page.locator(".bulk-upload").textContent()).not.toContain("\uFFFD");
    await dismissToasts(page);
    await page.getByRole("button", { name: "Upload" }).click();
    await expectToast(page, "Bulk Upload Successful", "Successfully uploaded 2 memorial flowers.");
    expect(sql(server, "SELECT baby_first_name AS f, baby_last_name AS l FROM memorial_flowers WHERE baby_first_name IN ('Zoë', 'Renée') ORDER BY id")).toEqual(
      [
        { f: "Zoë", l: "Müller" },
        { f: "Renée", l: "Núñez" },
      ],
    );
    expect(count(server, "memorial_flowers", "baby_first_name LIKE '%' || char(65533) || '%'")).toBe(0);
  });

  it("refuses a file that is neither UTF-8 nor Windows-1252, with a clear sentence, in both panels", async () => {
    await openTab(page, "Bulk Upload");
    await dismissToasts(page);
    await page.getByLabel("Or choose a CSV file").setInputFiles(file("binary.csv", Buffer.from([0x41, 0x2c, 0x81, 0x00, 0x9d, 0x0a])));
    await expectToast(page, "Unreadable File", /^We could not read the characters of this file/);
    await page.locator(".bulk-result--error", { hasText: "Unreadable File" }).waitFor();
    expect(await page.locator(".csv-source").count()).toBe(0);

    await openTab(page, "CSV Import");
    await page.getByLabel("CSV file").setInputFiles(file("binary.csv", Buffer.from([0x46, 0x69, 0x72, 0x73, 0x74, 0x81, 0x00, 0x9d, 0x0a])));
    await page.getByText("Invalid", { exact: true }).waitFor();
    const problems = await page.getByRole("list", { name: "Problems in the file" }).locator("li").allTextContents();
    expect(problems).toEqual([expect.stringMatching(/^We could not read the characters of this file/)]);
    expect(await page.getByRole("button", { name: /Reset and Import/ }).count()).toBe(0);
  });

  it("is imported by CSV Import with the notice, the backup shown by name and time, never a server path", async () => {
    await liveFlower(server, await signedIn(server), { babyFirstName: "Oldgarden" });
    const lines = [HEADER, "Zoë,Hélène,Ångström,Été 2019,Pink Rose"];
    for (let i = 1; i < 823; i++) lines.push(`Sample${i},,Example,,${TYPES[i % TYPES.length]}`);
    await openTab(page, "CSV Import");
    await page.getByLabel("CSV file").setInputFiles(file("excel-823.csv", Buffer.from(lines.join("\r\n"), "latin1")));
    await page.getByText("Valid", { exact: true }).waitFor();
    await page.getByText(WINDOWS_1252_NOTICE).waitFor();
    await page.getByLabel("Admin Key (Required)").fill(KEY);
    await page.getByRole("button", { name: "Reset and Import 823 Flowers" }).click();
    await page.getByRole("dialog", { name: "Delete everything and import?" }).getByRole("button", { name: "Delete all and import" }).click();
    const result = page.locator(".bulk-result--success");
    await result.waitFor();
    const text = (await result.textContent()) ?? "";
    console.log(`Import result shown: ${text}`);
    expect(text).toMatch(/^Successfully imported 823 memorial flowers\./);
    expect(text).toMatch(/the backup garden-before-import-[\dTZ-]+\.sqlite taken on [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d\d (AM|PM)\.$/);
    expect(text).not.toContain(server.dataDir);
    expect(text).not.toContain("/");
    expect(
      sql(
        server,
        "SELECT baby_first_name AS f, baby_middle_name AS m, baby_last_name AS l, loss_date AS d FROM memorial_flowers WHERE baby_first_name = 'Zoë'",
      ),
    ).toEqual([{ f: "Zoë", m: "Hélène", l: "Ångström", d: "Été 2019" }]);
    expect(count(server, "memorial_flowers", "baby_first_name = 'Oldgarden'")).toBe(0);

    // A new file clears that result at once.
    await page.getByLabel("CSV file").setInputFiles(file("next.csv", Buffer.from(`${HEADER}\nAnna,,,,Lily\n`)));
    await page.locator(".csv-validity__file", { hasText: "next.csv" }).waitFor();
    expect(await result.count()).toBe(0);
  });
});

describe("a new file in Bulk Upload", () => {
  it("clears the last result: no 'Operation completed successfully!' above a later 'Missing IDs'", async () => {
    await page.reload();
    await openTab(page, "Bulk Upload");
    await page.getByLabel("CSV data").fill("Clearone,,A.,2020,Lily\n");
    await dismissToasts(page);
    await page.getByRole("button", { name: "Upload" }).click();
    const success = page.getByText("Operation completed successfully! Memorial flowers have been processed.");
    await success.waitFor();

    await page.getByLabel("Or choose a CSV file").setInputFiles(file("no-ids.csv", Buffer.from("First Name,Flower Type\nNoid,Lily\n")));
    await expect.poll(() => success.count()).toBe(0);
    await page.getByRole("button", { name: "Update" }).click();
    await page.locator(".bulk-result--error", { hasText: "Missing IDs: All entries must have an ID for bulk updates." }).waitFor();
    expect(await success.count()).toBe(0);

    // And new text typed after a success clears it too.
    await page.getByLabel("CSV data").fill("Cleartwo,,B.,2021,Tulip\n");
    await page.getByRole("button", { name: "Upload" }).click();
    await success.waitFor();
    await page.getByLabel("CSV data").fill("Noid,,,,Lily\n");
    expect(await success.count()).toBe(0);
  });
});
