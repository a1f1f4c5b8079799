import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, openHydrated } from "../../support/browser";
import { axeViolations } from "../../support/axe";
import { startTestServer, type TestServer } from "../../support/testServer";
import { liveFlower, newestToken, signedIn, sql } from "../../public-server/fixtures";

/**
 * The remembrance notes' choice in Chromium: unticked on the flower form, the
 * dates shown once ticked, the browser's own time zone sent with them; and
 * the manage page's part, which works without script. Both pass axe.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("gentle remembrance notes in the browser", () => {
  it("the flower form: unticked, the dates appear once ticked, and the browser's time zone goes with them", async () => {
    const { page, context } = await newPage(browser, server.url, { timezoneId: "Pacific/Kiritimati" });
    page.setDefaultTimeout(10_000);
    await openHydrated(page, "/garden-of-remembrance");
    const form = page.locator("#add-flower form");
    const box = form.getByRole("checkbox", { name: "Send me a gentle note on the dates I choose" });
    expect(await box.isChecked()).toBe(false);
    const anniversary = form.getByRole("group", { name: "The anniversary" });
    expect(await anniversary.isVisible()).toBe(false);
    await form.getByRole("textbox", { name: /Your Name/ }).fill("Island Parent");
    await form.getByRole("textbox", { name: /Email Address/ }).fill("island@private.example");
    await form.getByRole("textbox", { name: /Baby's First Name/ }).fill("Marisol");
    await form.getByRole("textbox", { name: /Baby's Last Name/ }).fill("Reef");
    await form.getByRole("radio", { name: /^Lily/ }).check();
    await box.check();
    await anniversary.waitFor();
    await anniversary.getByRole("combobox", { name: /Month/ }).selectOption("2");
    await anniversary.getByRole("textbox", { name: /Day/ }).fill("29");
    await form.getByRole("checkbox", { name: /Pregnancy and Infant Loss Remembrance Day, 15 October/ }).check();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole("button", { name: "Submit Memorial Flower" }).click();
    await page.getByText("Memorial Flower Submitted").first().waitFor();
    expect(
      sql(
        server,
        `SELECT anniversary_month AS m, anniversary_day AS d, remembrance_days AS days, time_zone AS zone, confirmed_at AS c
         FROM remembrance_notes n JOIN memorial_flowers f ON f.id = n.flower_id WHERE f.baby_first_name = 'Marisol'`,
      ),
    ).toEqual([{ m: 2, d: 29, days: "pregnancy-and-infant-loss-remembrance-day", zone: "Pacific/Kiritimati", c: null }]);
    await context.close();
  });

  it("the manage page: chosen with plain forms, without JavaScript; with it, axe finds nothing", async () => {
    const admin = await signedIn(server);
    const { id } = await liveFlower(server, admin, { babyFirstName: "Perpetua", babyLastName: "Lane" });
    const token = await newestToken(server);
    for (const javaScriptEnabled of [false, true]) {
      const { page, context } = await newPage(browser, server.url, { javaScriptEnabled });
      page.setDefaultTimeout(10_000);
      await page.goto(`/manage-memorial?token=${token}`);
      const notes = page.locator("#notes");
      await notes.getByRole("heading", { name: "Gentle notes on the dates you choose" }).waitFor();
      if (javaScriptEnabled) {
        expect(await axeViolations(page)).toEqual([]);
        await context.close();
        continue;
      }
      await notes.getByRole("checkbox", { name: "Send me a gentle note on the dates I choose" }).check();
      const due = notes.getByRole("group", { name: "The due date" });
      await due.getByRole("combobox", { name: "Month" }).selectOption("11");
      await due.getByRole("combobox", { name: "Day" }).selectOption("2");
      await notes.getByRole("combobox", { name: "Time zone" }).selectOption("Europe/Dublin");
      await notes.getByRole("button", { name: "Save my choice of notes" }).click();
      await page.getByRole("status").filter({ hasText: "We have sent you an email to confirm the notes" }).waitFor();
      expect(sql(server, "SELECT due_month AS m, due_day AS d, time_zone AS zone FROM remembrance_notes WHERE flower_id = ?", id)).toEqual([
        { m: 11, d: 2, zone: "Europe/Dublin" },
      ]);
      await context.close();
    }
  });
});
