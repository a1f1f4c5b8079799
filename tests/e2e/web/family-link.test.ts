import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, openHydrated } from "../../support/browser";
import { axeViolations } from "../../support/axe";
import { startTestServer, type TestServer } from "../../support/testServer";
import { liveFlower, newestToken, signedIn, sql } from "../../public-server/fixtures";
import { readCsvRecords } from "../../../shared/csv";
import { Client } from "../../support/client";

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
    it("sends a correction with the plain form: a problem is said by its field, then it waits for a volunteer", async () => {
      const name = javaScriptEnabled ? "Cordelia" : "Philippa";
      const { id, page, context } = await openLink(javaScriptEnabled, name);
      const before = sql(server, "SELECT * FROM memorial_flowers WHERE id = ?", id);
      const form = page.getByRole("region", { name: "Correct the names, the date or the flower" });
      await form.getByLabel("Baby's first name").fill(" ");
      await form.getByLabel("Flower", { exact: true }).selectOption({ label: "Pink Rose" });
      // The browser's own check would stop a blank required field before the server sees it: leave it to the server.
      await form.locator("form").evaluate((f: HTMLFormElement) => (f.noValidate = true));
      await form.getByRole("button", { name: "Send the correction" }).click();
      await page.getByRole("alert").filter({ hasText: "Please look at the fields marked below." }).waitFor();
      const first = page.getByLabel("Baby's first name");
      expect(await first.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator("#babyFirstName-problem").textContent()).toBe("First name is required");
      expect(await page.getByLabel("Flower", { exact: true }).inputValue()).toBe("pink-rose");
      await expectAxeClean(page, javaScriptEnabled);

      await first.fill(`${name}a`);
      await page.getByRole("button", { name: "Send the correction" }).click();
      await page.getByRole("status").filter({ hasText: "A volunteer will look at your correction soon" }).waitFor();
      expect(page.url()).toBe(`${server.url}/manage-memorial?done=correction-asked#correct`);
      await page.getByText("Your correction is waiting for a volunteer.").waitFor();
      expect(await page.getByLabel("Baby's first name").inputValue()).toBe(`${name}a`);
      expect(sql(server, "SELECT * FROM memorial_flowers WHERE id = ?", id)).toEqual(before);
      expect(sql(server, "SELECT changes FROM flower_revisions WHERE flower_id = ?", id)).toEqual([
        { changes: JSON.stringify({ babyFirstName: `${name}a`, flowerType: "pink-rose" }) },
      ]);
      await expectAxeClean(page, javaScriptEnabled);
      await context.close();
    });

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

describe("a family who wrote in Spanish", () => {
  it("lands on the Spanish page without the token, corrects and withdraws in Spanish, switches language with the page kept open, and every page passes axe", async () => {
    const admin = await signedIn(server);
    const { id } = await liveFlower(server, admin, { language: "es", babyFirstName: "Inés", babyLastName: "Ashworth", flowerType: "calla-lily" });
    const token = await newestToken(server);
    const { page, context } = await newPage(browser, server.url, { javaScriptEnabled: true });
    page.setDefaultTimeout(10_000);
    const requests: { url: string; referer: string | undefined }[] = [];
    page.on("request", (req) => requests.push({ url: req.url(), referer: req.headers()["referer"] }));
    // The link of an email sent before the Spanish pages (the English address) opens the Spanish page too.
    await page.goto(`/manage-memorial?token=${token}`);
    await page.getByRole("heading", { level: 1, name: "La página en memoria de Inés Ashworth" }).waitFor();
    expect(page.url()).toBe(`${server.url}/es/manage-memorial`);
    expect(await page.evaluate(() => [document.documentElement.lang, history.length])).toEqual(["es", 2]);
    expect(requests.slice(1).filter((r) => r.url.includes(token) || r.referer !== undefined)).toEqual([]);
    expect(await page.getByLabel("Flor", { exact: true }).inputValue()).toBe("calla-lily");
    await expectAxeClean(page, true);

    const form = page.getByRole("region", { name: "Corregir los nombres, la fecha o la flor" });
    await form.getByLabel("Nombre del bebé", { exact: true }).fill(" ");
    await form.locator("form").evaluate((f: HTMLFormElement) => (f.noValidate = true));
    await form.getByRole("button", { name: "Enviar la corrección" }).click();
    await page.getByRole("alert").filter({ hasText: "Por favor, revise los campos señalados abajo." }).waitFor();
    expect(await page.locator("#babyFirstName-problem").textContent()).toBe("El nombre es obligatorio");
    await expectAxeClean(page, true);

    // The other language, with the page kept open: its cookie goes to both addresses.
    await page.getByRole("link", { name: "English" }).click();
    await page.getByRole("heading", { level: 1, name: "Inés Ashworth's memorial" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await page.getByRole("link", { name: "Español" }).click();
    await page.getByRole("button", { name: "Retirar la página" }).click();
    await page.getByRole("status").filter({ hasText: "La página está retirada." }).waitFor();
    expect(page.url()).toBe(`${server.url}/es/manage-memorial?done=withdraw`);
    expect(sql(server, "SELECT withdrawn_at IS NOT NULL AS w FROM memorial_flowers WHERE id = ?", id)).toEqual([{ w: 1 }]);
    await expectAxeClean(page, true);

    await page.goto("/es/manage-memorial?confirm=delete");
    await page.getByRole("heading", { level: 1, name: "¿Eliminar todo lo relacionado con esta página?" }).waitFor();
    await expectAxeClean(page, true);
    await page.getByRole("button", { name: "Sí, eliminar todo" }).click();
    await page.getByRole("heading", { level: 1, name: "Todo se ha eliminado" }).waitFor();
    await expectAxeClean(page, true);
    await page.goto(`/es/manage-memorial?token=${token}`);
    await page.getByRole("heading", { level: 1, name: "Este enlace ya no funciona" }).waitFor();
    await expectAxeClean(page, true);
    await context.close();
    expect(lines.filter((l) => l.includes(token))).toEqual([]);
  });
});

describe("an updates email's one-click unsubscribe, opened in a browser", () => {
  it("asks first, then its button stops the updates; both pages pass axe", async () => {
    const admin = await signedIn(server);
    const { id } = await liveFlower(server, admin, { babyFirstName: "Winifred", email: "winifred@example.com", emailUpdates: true });
    const { records } = readCsvRecords(await (await admin.get("/api/admin/mailing-list.csv")).text());
    const header = records.find((r) => r[1] === "winifred@example.com")![4]!;
    const address = /^<https?:\/\/[^/]+(\/manage-memorial\/stop-updates\?token=[^>]+)>/.exec(header)![1]!;
    const { page, context } = await newPage(browser, server.url, { javaScriptEnabled: true });
    page.setDefaultTimeout(10_000);
    await page.goto(address);
    await page.getByRole("heading", { level: 1, name: "Stop our monthly updates?" }).waitFor();
    await expectAxeClean(page, true);
    expect(sql(server, "SELECT email_updates AS u FROM memorial_flowers WHERE id = ?", id)).toEqual([{ u: 1 }]);
    await page.getByRole("button", { name: "Stop the updates" }).click();
    await page.getByRole("heading", { level: 1, name: "The updates are stopped" }).waitFor();
    await expectAxeClean(page, true);
    expect(sql(server, "SELECT email_updates AS u FROM memorial_flowers WHERE id = ?", id)).toEqual([{ u: 0 }]);
    await context.close();
  });
});

describe("around the memorial page", () => {
  it("a memorial not in the garden (never there, or withdrawn) has its own gentle page, status 404, noindex, with and without JavaScript", async () => {
    const family = await openLink(true, "Winifred"); // another memorial, withdrawn below by its family
    await family.page.getByRole("button", { name: "Withdraw the memorial" }).click();
    await family.page.getByRole("status").waitFor();
    await family.context.close();
    for (const javaScriptEnabled of [false, true]) {
      const { page, context } = await newPage(browser, server.url, { javaScriptEnabled });
      for (const address of [`/garden-of-remembrance/99999999-nobody`, `/garden-of-remembrance/${family.id}`]) {
        const res = await page.goto(address);
        expect(res!.status(), address).toBe(404);
        await page.getByRole("heading", { level: 1, name: "This memorial flower is not in the garden" }).waitFor();
        await page.getByText("It may have been taken down by the family who planted it").waitFor();
        expect(await page.getByText("Did you forget to add the page to the router?").count()).toBe(0);
        expect(await page.locator('meta[name="robots"][content="noindex"]').count()).toBe(1);
        expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
        await expectAxeClean(page, javaScriptEnabled);
      }
      // The spec's own 404 text stays for unknown routes.
      await page.goto("/no-such-page");
      await page.getByText("Did you forget to add the page to the router?").waitFor();
      await context.close();
    }
  });

  it("without JavaScript, 'Leave a Comment' on a memorial opens the garden's comment form for it", async () => {
    const admin = await signedIn(server);
    const { id } = await liveFlower(server, admin, { babyFirstName: "Leopoldine", babyLastName: "Castellane" });
    const { page, context } = await newPage(browser, server.url, { javaScriptEnabled: false });
    await page.goto(`/garden-of-remembrance/${id}`);
    await page.getByRole("link", { name: "Leave a Comment" }).click();
    await page.getByRole("heading", { level: 2, name: "Leave a Comment for Leopoldine Castellane" }).waitFor();
    expect(new URL(page.url()).search).toBe(`?comment=${id}`);
    await context.close();
  });

  it("a memorial whose family turned comments off offers no comment in the garden's list, with JavaScript or without", async () => {
    const admin = await signedIn(server);
    const open = await liveFlower(server, admin, { babyFirstName: "Rosamund", babyLastName: "Quietwater" });
    const quiet = await liveFlower(server, admin, { babyFirstName: "Evangeline", babyLastName: "Quietwater" });
    const family = new Client(server.url);
    expect((await family.get(`/manage-memorial?token=${await newestToken(server)}`)).status).toBe(303);
    const off = await family.post("/manage-memorial", "change=comments-off", { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" });
    expect(off.status).toBe(303);

    const { page, context } = await newPage(browser, server.url, { javaScriptEnabled: true });
    page.setDefaultTimeout(10_000);
    await openHydrated(page, "/garden-of-remembrance?search=quietwater");
    const card = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4, name }) });
    await card("Evangeline Quietwater").waitFor();
    expect(
      await card("Evangeline Quietwater")
        .getByRole("link", { name: /^Comments/ })
        .count(),
    ).toBe(0);
    await card("Rosamund Quietwater").getByRole("link", { name: "Comments for Rosamund Quietwater" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Leave a Comment" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();

    // Without JavaScript: the garden's comment form is there for the one, not for the other.
    const plain = await newPage(browser, server.url, { javaScriptEnabled: false });
    await plain.page.goto(`/garden-of-remembrance?comment=${open.id}`);
    await plain.page.getByRole("heading", { level: 2, name: "Leave a Comment for Rosamund Quietwater" }).waitFor();
    await plain.page.goto(`/garden-of-remembrance?comment=${quiet.id}`);
    await plain.page.getByRole("heading", { level: 2, name: "Memorial Flowers" }).waitFor();
    expect(await plain.page.getByText("Leave a Comment").count()).toBe(0);
    await plain.context.close();
  });

  it("the printed keepsake invites no comment, and with a few comments fits one page", async () => {
    const admin = await signedIn(server);
    const { id } = await liveFlower(server, admin, { babyFirstName: "Josephine", babyMiddleName: "Marie Therese", babyLastName: "Delacroix-Beaumont" });
    const { page, context } = await newPage(browser, server.url, { javaScriptEnabled: true });
    await page.goto(`/garden-of-remembrance/${id}`);
    await page.emulateMedia({ media: "print" });
    expect(await page.getByText("No comments yet").isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: "Leave a Comment" }).isVisible()).toBe(false);
    const pages = async () => (String(await page.pdf({ format: "Letter" })).match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
    expect(await pages()).toBe(1);

    const library = (await (await fetch(`${server.url}/api/comment-library`)).json()) as { id: number }[];
    for (const [n, who] of ["Aunt Clothilde", "The Marchetti family", "A friend from church", "Grandma Bea"].entries()) {
      const res = await fetch(`${server.url}/api/memorial-flowers/${id}/comments`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ commenterName: who, commentLibraryId: library[n % library.length]!.id }),
      });
      expect(res.status).toBe(201);
    }
    for (const c of sql<{ id: number }>(server, "SELECT id FROM memorial_comments WHERE memorial_flower_id = ?", id)) {
      expect((await admin.post(`/api/admin/memorial-comments/${c.id}/approve`)).status).toBe(200);
    }
    await page.emulateMedia({ media: "screen" });
    await page.goto(`/garden-of-remembrance/${id}`);
    await page.getByText("Grandma Bea").waitFor();
    await page.emulateMedia({ media: "print" });
    expect(await page.getByText("Grandma Bea").isVisible()).toBe(true);
    expect(await pages()).toBe(1);
    await context.close();
  });
});
