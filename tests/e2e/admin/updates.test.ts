import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../../support/browser";
import type { TestServer } from "../../support/testServer";
import { count, liveFlower, signedIn, sql, submitFlower } from "../../public-server/fixtures";
import { adminPage, expectNoAxeViolations, expectToast, openTab, startAdminServer } from "./helpers";

/** The monthly update's composer in the web admin: a preview with the count, a confirmation naming it, sent once. */

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

describe("the monthly update composer", () => {
  it("previews the update with the count of families, asks once more, and queues one email per address", async () => {
    const api = await signedIn(server);
    await liveFlower(server, api, { babyFirstName: "Henrietta", email: "hen@example.com", emailUpdates: true });
    await submitFlower(server, { babyFirstName: "Augustin", email: "aug@example.com", emailUpdates: true });
    await submitFlower(server, { babyFirstName: "Quentin", email: "q@example.com", emailUpdates: false });

    const { page } = await adminPage(browser, server);
    await openTab(page, /^Emails/);
    const composer = page.getByRole("region", { name: "Send the monthly update" });
    await composer.getByLabel("Subject (required)").fill("News from the garden");
    await composer.getByLabel("The update (required)").fill("Our Advent evening of prayer is on 12 December.\n\nYou are always welcome.");
    await composer.getByRole("button", { name: "Preview" }).click();
    const preview = composer.getByRole("region", { name: "Preview" });
    await preview.getByText("It will go to 2 families.").waitFor();
    expect(await preview.locator("pre").textContent()).toContain("Our Advent evening of prayer is on 12 December.\n\nYou are always welcome.");
    await expectNoAxeViolations(page, "the update composer with its preview");

    await preview.getByRole("button", { name: "Send to 2 families" }).click();
    const dialog = page.getByRole("dialog", { name: "Send this update to 2 families?" });
    await dialog.getByRole("button", { name: "Send the update" }).click();
    await expectToast(page, "Update Sent", "The update is on its way to 2 families.");
    expect(count(server, "outbox", "kind = 'monthly-update'")).toBe(2);
    expect(sql(server, "SELECT to_address AS address FROM outbox WHERE kind = 'monthly-update' ORDER BY to_address")).toEqual([
      { address: "aug@example.com" },
      { address: "hen@example.com" },
    ]);
  });

  it("takes a Spanish version too, previews it as a Spanish family reads it, and sends each family the one in its language", async () => {
    const api = await signedIn(server);
    await submitFlower(server, { babyFirstName: "Mercedes", email: "merce@example.com", emailUpdates: true, language: "es", parentName: "Pilar Ruiz" });
    const before = count(server, "outbox", "kind = 'monthly-update'");
    const recipients = (await (await api.post("/api/admin/updates/preview", { subject: "x", text: "x", sendKey: "count-only-abcdefgh" })).json()) as {
      recipients: number;
    };

    const { page } = await adminPage(browser, server);
    await openTab(page, /^Emails/);
    const composer = page.getByRole("region", { name: "Send the monthly update" });
    await composer.getByLabel("Subject (required)").fill("News for Lent");
    await composer.getByLabel("The update (required)").fill("Our Lenten evening of prayer is on 17 February.");
    const spanish = composer.getByRole("group", { name: "In Spanish" });
    await spanish.getByLabel("Subject in Spanish").fill("Noticias de Cuaresma");
    await spanish.getByLabel("The update in Spanish").fill("Nuestra noche de oración de Cuaresma es el 17 de febrero.");
    await composer.getByRole("button", { name: "Preview" }).click();
    const preview = composer.getByRole("region", { name: "Preview" });
    await preview.getByText("Of them, 1 family wrote in Spanish.").waitFor();
    const copies = await preview.locator("pre").allTextContents();
    expect(copies[0]).toContain("Our Lenten evening of prayer is on 17 February.");
    expect(copies[1]).toContain("Querida familia:\n\nNuestra noche de oración de Cuaresma es el 17 de febrero.");
    await expectNoAxeViolations(page, "the update composer with its Spanish preview");

    await preview.getByRole("button", { name: `Send to ${recipients.recipients} families` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Send the update" }).click();
    await expectToast(page, "Update Sent", `The update is on its way to ${recipients.recipients} families.`);
    expect(count(server, "outbox", "kind = 'monthly-update'")).toBe(before + recipients.recipients);
    expect(sql(server, "SELECT subject FROM outbox WHERE kind = 'monthly-update' AND to_address = 'merce@example.com'")).toEqual([
      { subject: "Noticias de Cuaresma" },
    ]);
    expect(sql(server, "SELECT subject FROM outbox WHERE kind = 'monthly-update' AND to_address = 'hen@example.com' ORDER BY id DESC LIMIT 1")).toEqual([
      { subject: "News for Lent" },
    ]);
  });
});
