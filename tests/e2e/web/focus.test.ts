import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, openHydrated } from "../../support/browser";
import { startTestServer, type TestServer } from "../../support/testServer";
import { liveFlower, signedIn } from "../../public-server/fixtures";

/**
 * Where focus goes after an action, with JavaScript: to the success text
 * after a flower, comment or testimonial is sent; to the new page's heading
 * after moving between pages; and "Share your story" on a page whose form
 * comes after its introduction.
 */

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signedIn(server);
  await liveFlower(server, admin, { babyFirstName: "Focus", babyLastName: "Flower", lossDate: "June 2023" });
  browser = await launchBrowser();
  ({ page } = await newPage(browser, server.url));
  page.setDefaultTimeout(15_000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (path: string) => openHydrated(page, path);

/** What has focus: its tag, class and text. */
const focused = () =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return { tag: a?.tagName.toLowerCase(), className: a?.className ?? "", text: (a?.textContent ?? "").trim() };
  });

async function expectFocusOnSuccess(title: string): Promise<void> {
  await page.waitForFunction((t) => document.activeElement?.classList.contains("form-sent") && document.activeElement.textContent?.includes(t), title);
  expect((await focused()).text).toContain(title);
}

describe("focus after sending", () => {
  it("testimonial: to the success text", async () => {
    await open("/share-testimonial");
    const form = page.locator("#share-your-story form");
    await form.getByLabel(/First Name/).fill("Teresa");
    await form.getByLabel(/Last Name/).fill("Example");
    await form.getByLabel(/Your Testimonial/).fill("A story of love");
    await form.getByRole("button", { name: "Share Your Story" }).click();
    await expectFocusOnSuccess("Testimonial Submitted");
    expect((await focused()).text).toContain("Thank you for sharing your story. Your testimonial will be reviewed and posted soon.");
  });

  it("memorial flower: to the success text", async () => {
    await open("/garden-of-remembrance");
    const form = page.locator("#add-flower form");
    await form.getByLabel(/Your Name/).fill("Anna Example");
    await form.getByLabel(/Email Address/).fill("anna@example.org");
    await form.getByLabel(/Baby's First Name/).fill("Lily");
    await form.getByLabel(/Baby's Last Name/).fill("E");
    await form.getByRole("radio").first().check();
    await form.getByRole("button", { name: "Submit Memorial Flower" }).click();
    await expectFocusOnSuccess("Memorial Flower Submitted");
  });

  it("comment: to the success text in the dialog", async () => {
    await open("/garden-of-remembrance");
    // Each card's comments are a link (the memorial page without JavaScript), opened in a dialog here.
    await page.getByRole("link", { name: /^Comments for Focus Flower/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("link", { name: "Leave a Comment" }).click();
    await dialog.getByRole("textbox", { name: /Your Name/ }).fill("Aunt Clara");
    const message = dialog.getByRole("combobox", { name: /Message/ });
    await message.locator("optgroup").first().waitFor({ state: "attached" });
    await message.selectOption({ label: (await message.locator("optgroup option").first().textContent())! });
    await dialog.getByRole("button", { name: "Submit Comment" }).click();
    await expectFocusOnSuccess("Comment Submitted");
  });
});

describe("focus after moving between pages", () => {
  it("goes to the new page's heading, which a screen reader reads", async () => {
    await open("/");
    await page.getByRole("link", { name: "Find Support" }).first().click();
    await page.waitForURL("**/support-resources");
    await page.waitForFunction(() => document.activeElement?.tagName === "H1");
    expect((await focused()).text).toBe(await page.locator("main h1").textContent());
    await page.goBack();
    await page.waitForFunction(() => document.activeElement?.tagName === "H1" && location.pathname === "/");
  });
});

describe("the link to the form", () => {
  it("Share Testimonial offers it, and it lands on the form", async () => {
    await open("/share-testimonial");
    const link = page.getByRole("link", { name: "Share your story" });
    expect(await link.getAttribute("href")).toBe("#share-your-story");
    await link.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    const el = await page.evaluate(() => ({
      name: (document.activeElement as HTMLInputElement | null)?.name,
      inForm: Boolean(document.activeElement?.closest("#share-your-story")),
    }));
    expect(el).toEqual({ name: "firstName", inForm: true });
  });
});
