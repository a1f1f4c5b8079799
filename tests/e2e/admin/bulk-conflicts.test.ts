import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../../support/browser";
import type { TestServer } from "../../support/testServer";
import type { Client } from "../../support/client";
import { signedIn, sql } from "../../public-server/fixtures";
import { adminPage, dismissToasts, expectNoAxeViolations, expectToast, openTab, startAdminServer } from "./helpers";

/**
 * The garden downloaded in the web admin, one flower edited by another
 * volunteer meanwhile, then the file sent back with Bulk Upload's Update: the
 * panel lists that flower with what changed and offers to skip it or to
 * overwrite it; nothing changes until one is chosen.
 */

let server: TestServer;
let browser: Browser;
let page: Page;
let colleague: Client;
let ids: number[];

beforeAll(async () => {
  server = await startAdminServer();
  colleague = await signedIn(server);
  const flowers = ["Agnes", "Bernard", "Cecily"].map((babyFirstName) => ({ babyFirstName, babyLastName: "Lee", flowerType: "lily" }));
  const res = await colleague.post("/api/admin/memorial-flowers/bulk-upload", { flowers });
  if (res.status !== 200) throw new Error(await res.text());
  ids = sql<{ id: number }>(server, "SELECT id FROM memorial_flowers ORDER BY id").map((r) => r.id);
  browser = await launchBrowser();
  page = (await adminPage(browser, server)).page;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const lastName = (id: number) => sql<{ baby_last_name: string }>(server, "SELECT baby_last_name FROM memorial_flowers WHERE id = ?", id)[0]!.baby_last_name;

describe("Bulk Update of a downloaded garden after someone else's edit", () => {
  it("lists the flower changed since with what changed, then skips it or overwrites it as chosen", async () => {
    await openTab(page, /^Memorial Flowers/);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the garden as CSV" }).click()]);
    const text = fs.readFileSync(await download.path(), "utf8");
    const [agnes, bernard] = ids as [number, number];

    // Another volunteer changes Bernard in the admin, with the version they saw.
    const edited = await colleague.put(
      `/api/admin/memorial-flowers/${bernard}`,
      { babyFirstName: "Bernard", babyLastName: "Leigh", flowerType: "lily" },
      {
        "If-Match": `"${sql<{ version: number }>(server, "SELECT version FROM memorial_flowers WHERE id = ?", bernard)[0]!.version}"`,
      },
    );
    expect(edited.status).toBe(200);
    // Meanwhile I change Agnes's last name in my copy.
    const mine = text.replace(`${agnes},Agnes,,Lee`, `${agnes},Agnes,,Lee-Smith`);

    await openTab(page, "Bulk Upload");
    await page.getByLabel("Or choose a CSV file").setInputFiles({ name: "garden-of-remembrance.csv", mimeType: "text/csv", buffer: Buffer.from(mine) });
    await dismissToasts(page);
    await page.getByRole("button", { name: "Update", exact: true }).click();

    const held = page.getByRole("alert", { name: "Flowers changed since your download" });
    await held.waitFor();
    expect(await held.textContent()).toContain(`The flower with the ID ${bernard} was changed or deleted after this file was downloaded`);
    const row = held.getByRole("row").filter({ has: page.getByRole("rowheader", { name: String(bernard) }) });
    expect(await row.getByRole("cell").allTextContents()).toEqual(["Last Name", "Leigh", "Lee"]);
    expect([lastName(agnes), lastName(bernard)]).toEqual(["Lee", "Leigh"]); // nothing changed yet
    await expectNoAxeViolations(page, "the Bulk Upload panel with changed flowers listed");

    await held.getByRole("button", { name: "Skip this row, update the rest" }).click();
    await expectToast(
      page,
      "Bulk Update Successful",
      `Successfully updated 2 memorial flowers. 1 row was left as it is: changed by someone else since your download. Left out: ID ${bernard}.`,
    );
    await held.waitFor({ state: "detached" });
    expect([lastName(agnes), lastName(bernard)]).toEqual(["Lee-Smith", "Leigh"]);

    // The same file again: Bernard is still changed since the download; this time my file wins.
    await dismissToasts(page);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await held.getByRole("button", { name: "Overwrite with my file" }).click();
    await expectToast(page, "Bulk Update Successful", /1 flower changed by someone else since your download was overwritten with your file\.$/);
    expect([lastName(agnes), lastName(bernard)]).toEqual(["Lee-Smith", "Lee"]);
  });
});
