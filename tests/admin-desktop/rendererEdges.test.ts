/**
 * The desktop window at its edges, at 1280×800 in Chromium against the real
 * main-process modules and the real server: what the sign-in says about a wrong
 * address, where results appear, where focus goes, the CSV screen's buttons,
 * the header's one line, and what the download says about the copy on disk.
 */
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Locator, Page } from "playwright-core";
import { SAMPLE_DATA, startTestServer, type TestServer } from "../support/testServer";
import { Client } from "../support/client";
import { axeViolations } from "../support/axe";
import { dropFile, openDesktopWindow, type DesktopWindow } from "./rendererHarness";
import { seedTestimonial, tempDir } from "./support";

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } });

let server: TestServer;
let admin: Client;
let win: DesktopWindow;
let page: Page;
let parish: http.Server;
let parishUrl: string;
const saved: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ adminImportKey: "parish-key-1" });
  await server.createUser("volunteer", "correct horse battery");
  admin = new Client(server.url);
  await admin.login("volunteer", "correct horse battery");
  parish = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>St Mary's</title><h1>Welcome</h1>"));
  await new Promise<void>((resolve) => parish.listen(0, "127.0.0.1", resolve));
  parishUrl = `http://127.0.0.1:${(parish.address() as AddressInfo).port}`;
  const saveDir = tempDir("garden-template-");
  win = await openDesktopWindow({
    // parish-pc.local is the garden server on this computer (a local network address without https).
    fetch: (input, init) => {
      const url = new URL(String(input));
      return fetch(url.hostname === "parish-pc.local" ? `${server.url}${url.pathname}${url.search}` : url, init);
    },
    chooseSavePath: async (name) => {
      const file = path.join(saveDir, name);
      saved.push(file);
      return file;
    },
    sync: { sendAfterMs: null },
    // What the system open dialog would answer: the sample file with the 823 entries.
    chooseCsvFile: async () => path.join(SAMPLE_DATA, "garden-823.csv"),
  });
  page = win.page;
});

afterAll(async () => {
  await win?.close();
  parish?.close();
  await server?.stop();
});

/** True when the element is wholly on screen and not under the status bar. */
async function inSight(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const bar = await page.getByRole("contentinfo", { name: "Connection and sync status" }).boundingBox();
  if (!box || !bar) return false;
  return box.y >= 0 && box.y + box.height <= bar.y;
}

/** A card's accessible name (its heading, through aria-labelledby). */
const cardName = (card: Locator) => card.evaluate((el) => document.getElementById(el.getAttribute("aria-labelledby") ?? "")?.textContent ?? "");
/** The name of the card holding the focused element ("" when focus is outside every card). */
const focusedCard = () =>
  page.evaluate(() => {
    const card = document.activeElement?.closest("article");
    return card ? (document.getElementById(card.getAttribute("aria-labelledby") ?? "")?.textContent ?? "") : "";
  });

const focusedName = () =>
  page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? ""}`);

describe("the desktop window at its edges (1280×800)", () => {
  it("sign-in: focus on the first field; a parish website and plain http said plainly, before any password leaves", async () => {
    await expect.poll(() => page.getByRole("heading", { name: "Sign in" }).isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id))
      .toBe(await page.getByLabel("Server address").getAttribute("id"));

    await page.getByLabel("Server address").fill(parishUrl);
    await page.getByLabel("Username").fill("volunteer");
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/^This address answers, but not as a Garden of Remembrance server/);
    expect(await page.getByRole("alert").textContent()).not.toMatch(/<|Welcome/);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Server address").fill("http://parish-pc.local:5000");
    await page.getByRole("button", { name: "Sign in" }).click();
    const ask = page.getByRole("dialog", { name: "Sign in without encryption?" });
    await expect.poll(() => ask.isVisible()).toBe(true);
    expect(await ask.textContent()).toMatch(/your password and the families' details would cross the network unencrypted/);
    expect(await axeViolations(page)).toEqual([]);
    await ask.getByRole("button", { name: "Sign in all the same" }).click();
    await expect.poll(() => page.getByText("Signed in as volunteer").isVisible()).toBe(true);
  });

  it("download says what the copy holds and how it is kept; after Approve or Decline, focus is on the next item", async () => {
    await seedTestimonial(admin, "Focus Alpha");
    await seedTestimonial(admin, "Focus Beta");
    await seedTestimonial(admin, "Focus Gamma");
    await page.getByRole("button", { name: "Download for review" }).click();
    const note = page.getByRole("status").filter({ hasText: "Downloaded" });
    await expect
      .poll(() => note.textContent())
      .toMatch(/The copy holds the names and stories waiting for review \(never email addresses\)\. This computer offers no keychain/);
    const cards = page.getByRole("article");
    await expect.poll(() => cards.count()).toBe(3);
    const [first, second, third] = await Promise.all([0, 1, 2].map((n) => cardName(cards.nth(n))));

    await cards.nth(0).getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => page.getByRole("article", { name: first }).count()).toBe(0);
    await expect.poll(focusedCard).toBe(second);
    expect(await focusedName()).toMatch(/Approve/);

    await page.keyboard.press("Tab");
    expect(await focusedName()).toMatch(/Decline/);
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").getByRole("button", { name: "Decline" }).click();
    await expect.poll(() => page.getByRole("article", { name: second }).count()).toBe(0);
    await expect.poll(focusedCard).toBe(third);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("CSV: Upload in sight with the preview; a refused file or no valid row leaves nothing to upload; saving the template says where", async () => {
    await page.getByRole("tab", { name: "CSV import" }).click();
    const rows = Array.from({ length: 40 }, (_, i) => `Sight${i},,S,,Lily`).join("\n");
    await dropFile(page, "many.csv", "text/csv", `First Name,Middle Name,Last Name,Date of Loss,Flower Type\n${rows}\n`);
    const upload = page.getByRole("button", { name: "Upload 40 flowers" });
    await expect.poll(() => upload.isVisible()).toBe(true);
    expect(await inSight(upload)).toBe(true);
    expect(await inSight(page.getByText("Preview of the rows: 40 valid, 0 invalid"))).toBe(true);

    await dropFile(page, "notes.txt", "text/plain", "hello");
    await expect.poll(() => page.getByRole("alert").first().textContent()).toBe("Invalid File: Please select a CSV file.");
    expect(await page.getByRole("button", { name: /^Upload/ }).isDisabled()).toBe(true);

    await dropFile(page, "nobody.csv", "text/csv", "First Name,Flower Type\n,Lily\n");
    await expect.poll(() => page.getByRole("button", { name: "Upload 0 flowers" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Upload 0 flowers" }).isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Save the CSV template..." }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "template" }).textContent()).toBe(`The CSV template was saved as ${saved[0]}.`);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("a reset-and-import refused for a wrong key: the result is in sight, focused and announced", async () => {
    await page.getByLabel(/Reset and import/).check();
    await page.getByRole("button", { name: "Choose CSV file..." }).click();
    await expect.poll(() => page.getByText("Valid", { exact: true }).isVisible()).toBe(true);
    await page.getByLabel("Admin Key (Required)").fill("not the key");
    await page.getByRole("button", { name: "Reset and import..." }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete all and import" }).click();
    const result = page.getByRole("alert").filter({ hasText: "Import Failed" });
    await expect.poll(() => result.isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => inSight(result)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toMatch(/^Import Failed/);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("the header keeps one line at 1280 px with a review copy open and nobody signed in", async () => {
    await page.getByRole("tab", { name: "Review" }).click();
    await page.getByRole("button", { name: "Download for review" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Downloaded" }).isVisible()).toBe(true);
    await win.restart();
    await expect.poll(() => page.getByTestId("copy-owner").isVisible()).toBe(true);
    const title = await page.getByRole("heading", { level: 1 }).boundingBox();
    const header = await page.getByRole("banner").boundingBox();
    for (const name of ["Sign in", "Remove the review copy"]) {
      const button = await page.getByRole("banner").getByRole("button", { name }).boundingBox();
      expect(Math.abs(button!.y + button!.height / 2 - (title!.y + title!.height / 2)), name).toBeLessThan(4);
    }
    expect(header!.height).toBeLessThan(70);
    expect(await axeViolations(page)).toEqual([]);
  });
});
