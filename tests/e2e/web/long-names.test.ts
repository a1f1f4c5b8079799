import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage } from "../../support/browser";
import { Client } from "../../support/client";
import type { TestServer } from "../../support/testServer";
import { assistanceInput, liveFlower, signedIn, sql, submitFlower, testimonialInput } from "../../public-server/fixtures";
import { ADMIN, login, openTab, startAdminServer } from "../admin/helpers";

/**
 * A valid name of 100 letters without a space (the longest the forms accept)
 * must wrap on a 320 px phone: no sideways scrolling in the garden, its
 * comment dialog, the testimonials, or any admin list that shows it.
 */

const LONG = "Maximilianus".repeat(8) + "Abcd"; // 100 letters, no space
const PHONE = { width: 320, height: 700 };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  expect(LONG).toHaveLength(100);
  server = await startAdminServer();
  const admin = await signedIn(server);
  const visitor = new Client(server.url);
  const live = await liveFlower(server, admin, { babyFirstName: LONG, babyMiddleName: LONG, babyLastName: LONG, lossDate: LONG });
  const [library] = sql<{ id: number }>(server, "SELECT id FROM comment_library LIMIT 1");
  expect((await visitor.post(`/api/memorial-flowers/${live.id}/comments`, { commenterName: LONG, commentLibraryId: library!.id })).status).toBe(201);
  await submitFlower(server, { parentName: LONG, babyFirstName: LONG, babyLastName: LONG, lossDate: LONG });
  expect(
    (await visitor.post("/api/testimonials", testimonialInput({ firstName: LONG, lastName: LONG, childName: LONG, testimonial: LONG.repeat(3) }))).status,
  ).toBe(201);
  const [story] = sql<{ id: number }>(server, "SELECT id FROM testimonials ORDER BY id DESC LIMIT 1");
  expect((await admin.post(`/api/admin/testimonials/${story!.id}/approve`)).status).toBe(200);
  expect((await visitor.post("/api/testimonials", testimonialInput({ firstName: LONG, lastName: LONG, testimonial: "Waiting for review." }))).status).toBe(201);
  expect((await visitor.post("/api/assistance-requests", assistanceInput({ firstName: LONG, lastName: LONG, comments: LONG.repeat(3) }))).status).toBe(201);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page's width beyond the viewport (0 = no sideways scroll), and the widest culprit when there is one. */
async function overflow(page: Page): Promise<{ extra: number; culprit: string }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let culprit = "";
    let widest = width;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      const right = el.getBoundingClientRect().right;
      if (right > widest + 0.5) {
        widest = right;
        culprit = `${el.tagName.toLowerCase()}.${el.className}`;
      }
    }
    return { extra: document.documentElement.scrollWidth - width, culprit };
  });
}

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { extra, culprit } = await overflow(page);
  console.log(`${where} at 320 px: page ${extra > 0 ? `${extra} px too wide (${culprit})` : "fits"}`);
  expect(extra, `${where}: ${culprit}`).toBeLessThanOrEqual(0);
}

describe("a 100-letter name at 320 px", () => {
  it("wraps in the garden and in the comment dialog", async () => {
    const { page, context } = await newPage(browser, server.url, { viewport: PHONE });
    await page.goto(`/garden-of-remembrance?search=${LONG.slice(0, 20)}`);
    await page.locator(".memorial-card__name").first().waitFor();
    await expectNoSidewaysScroll(page, "garden");
    await page.locator(".memorial-card__comments").first().click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.getByText(LONG, { exact: false }).first().waitFor();
    await expectNoSidewaysScroll(page, "comment dialog");
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it("wraps in the testimonials page", async () => {
    const { page, context } = await newPage(browser, server.url, { viewport: PHONE });
    for (const address of ["/share-testimonial"]) {
      await page.goto(address);
      await page.getByText(LONG, { exact: false }).first().waitFor();
      await expectNoSidewaysScroll(page, address);
    }
    await context.close();
  });

  it("wraps in every admin list that shows it", async () => {
    const { page, context } = await newPage(browser, server.url, { viewport: PHONE });
    await login(page, ADMIN.username, ADMIN.password);
    await page.getByRole("heading", { name: "Administrator Dashboard" }).waitFor();
    for (const tab of ["Testimonials", "Memorial Flowers", "Comments", /^Assistance Requests/]) {
      await openTab(page, tab);
      await page.getByRole("tabpanel").getByText(LONG, { exact: false }).first().waitFor();
      await expectNoSidewaysScroll(page, `admin ${String(tab)}`);
    }
    await context.close();
  });
});
