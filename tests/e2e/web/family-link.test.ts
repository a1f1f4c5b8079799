import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage } from "../../support/browser";
import { axeViolations } from "../../support/axe";
import { startTestServer, type TestServer } from "../../support/testServer";
import { liveFlower, newestToken, signedIn, sql } from "../../public-server/fixtures";

/**
 * A family's private link in Chromium, with JavaScript and without: the
 * token leaves the address at once (the history keeps only the bare page),
 * no request the page makes carries it (nor a Referer), every choice is a
 * plain button that works without script, and each page passes axe.
 */

let server: TestServer;
let browser: Browser;
const lines: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const log = server.parts.services.log;
  const capture = (level: string) => (event: string, fields?: Record<string, unknown>) => lines.push(JSON.stringify({ level, event, ...fields }));
  Object.assign(log, { info: capture("info"), warn: capture("warn"), error: capture("error") });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens a fresh link for a new memorial in a new browser; every request it makes is recorded with its headers. */
async function openLink(javaScriptEnabled: boolean, babyFirstName: string) {
  const admin = await signedIn(server);
  const { id } = await liveFlower(server, admin, { babyFirstName, babyLastName: "Ashworth" });
  const token = await newestToken(server);
  const { page, context } = await newPage(browser, server.url, { javaScriptEnabled });
  page.setDefaultTimeout(10_000);
  const requests: { url: string; referer: string | undefined }[] = [];
  page.on("request", (req) => requests.push({ url: req.url(), referer: req.headers()["referer"] }));
  // As from a mail client: a top-level navigation to the link.
  await page.goto(`/manage-memorial?token=${token}`);
  return { id, token, page, context, requests };
}

/** axe runs its checks as script in the page, which a page without JavaScript never runs: the pages are the same either way (they carry no script). */
async function expectAxeClean(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
}

async function expectNoToken(page: Page, token: string, requests: { url: string; referer: string | undefined }[]) {
  expect(page.url()).toBe(`${server.url}/manage-memorial`);
  // Two entries: the new tab's blank page and the bare manage page (the 303 replaced the link's own).
  expect(await page.evaluate(() => [document.referrer, history.length, location.href])).toEqual(["", 2, `${server.url}/manage-memorial`]);
  // Only the first request carried it (the link itself); none after, and no Referer anywhere.
  expect(requests.slice(1).filter((r) => r.url.includes(token) || r.referer?.includes(token))).toEqual([]);
  expect(requests.slice(1).filter((r) => r.referer !== undefined)).toEqual([]);
}

for (const javaScriptEnabled of [false, true]) {
  describe(`the manage page, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    it("opens on the bare address, withdraws and brings back the memorial with plain buttons, and passes axe", async () => {
      const name = javaScriptEnabled ? "Seraphina" : "Octavia";
      const { id, token, page, context, requests } = await openLink(javaScriptEnabled, name);
      await page.getByRole("heading", { level: 1, name: `${name} Ashworth's memorial` }).waitFor();
      await expectNoToken(page, token, requests);
      await expectAxeClean(page, javaScriptEnabled);

      await page.getByRole("button", { name: "Withdraw the memorial" }).click();
      await page.getByRole("status").filter({ hasText: "The memorial is withdrawn." }).waitFor();
      expect(page.url()).toBe(`${server.url}/manage-memorial?done=withdraw`);
      expect(sql(server, "SELECT approved, withdrawn_at IS NOT NULL AS w FROM memorial_flowers WHERE id = ?", id)).toEqual([{ approved: 0, w: 1 }]);
      await expectAxeClean(page, javaScriptEnabled);
      const memorial = await page.request.get(`/api/memorial-flowers/${id}`);
      expect(memorial.status()).toBe(404);

      await page.getByRole("button", { name: "Bring the memorial back" }).click();
      await page.getByRole("status").filter({ hasText: "The memorial is back." }).waitFor();
      expect(sql(server, "SELECT approved FROM memorial_flowers WHERE id = ?", id)).toEqual([{ approved: 1 }]);

      // Following the page's own link to the memorial sends no Referer (the page sends none at all).
      await page.getByRole("link", { name: "Visit the memorial" }).click();
      await page.waitForURL(/\/garden-of-remembrance\//);
      const visit = requests.find((r) => new URL(r.url).pathname.startsWith("/garden-of-remembrance/"))!;
      expect(visit.referer).toBeUndefined();
      expect(requests.filter((r) => r.referer?.includes("manage-memorial"))).toEqual([]);
      expect(requests.filter((r) => r.url.includes(token))).toHaveLength(1);

      await page.goto("/manage-memorial?confirm=delete");
      await page.getByRole("heading", { level: 1, name: "Delete everything about this memorial?" }).waitFor();
      await expectAxeClean(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Yes, delete everything" }).click();
      await page.getByRole("heading", { level: 1, name: "Everything is deleted" }).waitFor();
      expect(sql(server, "SELECT count(*) AS n FROM memorial_flowers WHERE id = ?", id)).toEqual([{ n: 0 }]);
      await expectAxeClean(page, javaScriptEnabled);
      await context.close();
      expect(lines.filter((l) => l.includes(token))).toEqual([]);
    });
  });
}

describe("without a working link", () => {
  it("a spent link lands on a gentle page whose form sends a new one, with the same answer for any address", async () => {
    const { page, context, token } = await openLink(true, "Cordelia");
    sql(server, "UPDATE family_links SET revoked_at = last_used_at");
    await page.goto(`/manage-memorial?token=${token}`);
    expect(page.url()).toBe(`${server.url}/manage-memorial?link=ended`);
    await page.getByRole("heading", { level: 1, name: "This link no longer works" }).waitFor();
    await expectAxeClean(page, true);
    await page.getByLabel("Your email address").fill("someone@nowhere.example");
    await page.getByRole("button", { name: "Email me my link" }).click();
    await page.getByRole("heading", { level: 1, name: "Please check your email" }).waitFor();
    expect(page.url()).toBe(`${server.url}/manage-memorial?sent=1`);
    await expectAxeClean(page, true);
    await context.close();
  });
});
