import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../../support/browser";
import type { TestServer } from "../../support/testServer";
import { adminPage, startAdminServer } from "./helpers";

/**
 * The web admin wears the site's colours: its buttons, tabs and focus ring are the site's sage and
 * blue ring (tokens.css), not a palette of its own.
 */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAdminServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the admin's palette", () => {
  it("draws its primary buttons and its focus ring in the site's colours", async () => {
    const { page } = await adminPage(browser, server);
    await page.getByRole("tab", { name: /Bulk Upload/ }).click();
    const upload = page.getByRole("button", { name: "Upload", exact: true });
    await upload.waitFor();
    const colours = await upload.evaluate((button) => {
      // The site's tokens, resolved to rgb() by a probe element.
      const probe = document.createElement("span");
      document.body.append(probe);
      const resolve = (token: string) => {
        probe.style.color = `var(${token})`;
        return getComputedStyle(probe).color;
      };
      const tokens = { primary: resolve("--color-primary"), focus: resolve("--color-focus") };
      probe.remove();
      return { tokens, background: getComputedStyle(button).backgroundColor };
    });
    expect(colours.background).toBe(colours.tokens.primary);
    // Reached by the keyboard, as the focus ring is drawn for it.
    await upload.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    const ring = await upload.evaluate((button) => ({ colour: getComputedStyle(button).outlineColor, width: getComputedStyle(button).outlineWidth }));
    expect(ring).toEqual({ colour: colours.tokens.focus, width: "3px" });
  });
});
