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
    await composer.getByLabel("Subject").fill("News from the garden");
    await composer.getByLabel("The update").fill("Our Advent evening of prayer is on 12 December.\n\nYou are always welcome.");
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
});
