import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../../support/browser";
import { Client, json } from "../../support/client";
import type { TestServer } from "../../support/testServer";
import { liveFlower, newestToken, signedIn, sql } from "../../public-server/fixtures";
import { adminPage, expectNoAxeViolations, expectTabCount, expectToast, openTab, startAdminServer } from "./helpers";

/** A family's correction in the web admin: before → after in the flowers tab, counted in its badge, approved there. */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAdminServer();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("families' corrections in the flowers tab", () => {
  it("shows what would change, counts it in the badge, and approving it corrects the memorial", async () => {
    const api = await signedIn(server);
    const { id } = await liveFlower(server, api, { babyFirstName: "Annelise", babyLastName: "Marchetti", lossDate: "", flowerType: "lily" });
    const family = new Client(server.url);
    expect((await family.get(`/manage-memorial?token=${await newestToken(server)}`)).status).toBe(303);
    const sent = await family.post("/manage-memorial", "change=correct&babyFirstName=Annalise&babyLastName=Marchetti&lossDate=&flowerType=pink-rose", {
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(sent.headers.get("location")).toBe("/manage-memorial?done=correction-asked");

    const { page } = await adminPage(browser, server);
    await expectTabCount(page, /^Memorial Flowers/, "1");
    await openTab(page, /^Memorial Flowers/);
    const section = page.getByRole("region", { name: "Corrections from families" });
    await section.getByRole("heading", { name: "Corrections from families (1)" }).waitFor();
    const rows = await section.getByRole("row").allTextContents();
    expect(rows).toEqual(["FieldNowAfter the correction", "Baby's first nameAnneliseAnnalise", "FlowerLily (Mary's Lily)Pink Rose (Holy Mary, Mystical Rose)"]);
    await expectNoAxeViolations(page, "the flowers tab with a correction");

    await section.getByRole("button", { name: "Approve the correction to Annelise Marchetti's memorial" }).click();
    await expectToast(page, "Correction Approved", "The correction is made, and the family has been told.");
    await section.waitFor({ state: "detached" });
    expect(sql(server, "SELECT baby_first_name AS first, flower_type AS type FROM memorial_flowers WHERE id = ?", id)).toEqual([
      { first: "Annalise", type: "pink-rose" },
    ]);
    expect(await json(await new Client(server.url).get(`/api/memorial-flowers/${id}`))).toMatchObject({ babyFirstName: "Annalise" });
  });
});
