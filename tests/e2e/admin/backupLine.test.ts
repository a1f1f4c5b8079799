import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../../support/browser";
import type { TestServer } from "../../support/testServer";
import { NightlyBackups } from "../../../public-server/operations/nightly";
import { adminPage, startAdminServer } from "./helpers";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAdminServer({ backupHour: 3 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the admin dashboard", () => {
  it("says when there is no backup yet, then shows the last good backup's time", async () => {
    let { page } = await adminPage(browser, server);
    await page.getByText("No nightly backup yet.").waitFor();
    await page.context().close();

    await new NightlyBackups(server.parts.services, () => new Date(2026, 10, 20, 3, 5)).tick();
    ({ page } = await adminPage(browser, server));
    const line = page.getByText(/^Last backup:/);
    await line.waitFor();
    expect(await line.textContent()).toBe("Last backup: 20 Nov 2026, 03:05.");
    await page.context().close();
  });
});
