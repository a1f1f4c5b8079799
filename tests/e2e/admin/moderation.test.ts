import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../../support/browser";
import { mailFor } from "../../../public-server/mail";
import { Client, json } from "../../support/client";
import type { TestServer } from "../../support/testServer";
import { flowerGoneLeavingComments, liveFlower, sql, submitFlower, testimonialInput } from "../../public-server/fixtures";
import { ADMIN, adminPage, dismissToasts, expectNoAxeViolations, expectToast, openTab, startAdminServer, expectTabCount } from "./helpers";

let server: TestServer;
let browser: Browser;
let page: Page;
let api: Client;
let visitor: Client;
let libraryId: number;

beforeAll(async () => {
  server = await startAdminServer();
  browser = await launchBrowser();
  api = new Client(server.url);
  await api.login(ADMIN.username, ADMIN.password);
  visitor = new Client(server.url);
  libraryId = (await json<{ id: number }[]>(await visitor.get("/api/comment-library")))[0]!.id;
  page = (await adminPage(browser, server)).page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function testimonial(overrides: Record<string, unknown> = {}): Promise<{ id: number; firstName: string }> {
  const input = testimonialInput(overrides);
  expect((await visitor.post("/api/testimonials", input)).status).toBe(201);
  return { id: sql<{ id: number }>(server, "SELECT id FROM testimonials WHERE first_name = ?", input.firstName)[0]!.id, firstName: input.firstName };
}

let commenterSerial = 0;
async function comment(flowerId: number): Promise<{ id: number; name: string }> {
  const name = `Commenter${++commenterSerial}`;
  expect((await visitor.post(`/api/memorial-flowers/${flowerId}/comments`, { commenterName: name, commentLibraryId: libraryId })).status).toBe(201);
  return { id: sql<{ id: number }>(server, "SELECT id FROM memorial_comments WHERE commenter_name = ?", name)[0]!.id, name };
}

const publicIds = async (path: string) => (await json<{ id: number }[]>(await visitor.get(path))).map((i) => i.id);
const card = (p: Page, text: string) => p.locator("article.admin-card").filter({ hasText: text });
const reloadDashboard = async () => {
  await page.reload();
  await page.getByRole("heading", { name: "Administrator Dashboard" }).waitFor();
};

describe("moderation in the dashboard", () => {
  it("shows the six empty texts and no badges on an empty site", async () => {
    await openTab(page, /^Testimonials/);
    await page.getByText("No pending testimonials.", { exact: true }).waitFor();
    await page.getByText("No approved testimonials yet.", { exact: true }).waitFor();
    await openTab(page, /^Memorial Flowers/);
    await page.getByText("No pending memorial flowers.", { exact: true }).waitFor();
    await page.getByText("No approved memorial flowers yet.", { exact: true }).waitFor();
    await openTab(page, /^Comments/);
    await page.getByText("No pending memorial comments.", { exact: true }).waitFor();
    await page.getByText("No approved memorial comments yet.", { exact: true }).waitFor();
    expect(await page.locator(".admin-badge").count()).toBe(0);
  });

  it("testimonials: badge, approve (public list shows it, text cut to 100 characters), remove, decline", async () => {
    const long = "We held our daughter for one hour. ".repeat(6).trim();
    const a = await testimonial({ testimonial: long, childName: "Rosie" });
    const b = await testimonial();
    await reloadDashboard();
    await openTab(page, /^Testimonials/);
    await expectTabCount(page, /^Testimonials/, "2 pending");
    await card(page, a.firstName).getByText("In memory of Rosie").waitFor();
    expect(await card(page, a.firstName).getByText("In memory of Rosie").count()).toBe(1);
    expect(await card(page, a.firstName).locator(".admin-card__date").textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    await card(page, a.firstName).getByRole("button", { name: "Approve" }).click();
    await expectToast(page, "Testimonial Approved");
    await page
      .getByRole("region", { name: /Approved testimonials/ })
      .locator("article", { hasText: a.firstName })
      .waitFor();
    expect(await card(page, a.firstName).locator(".admin-card__text").textContent()).toBe(`${long.slice(0, 100)}...`);
    expect(await publicIds("/api/testimonials")).toContain(a.id);
    await expectTabCount(page, /^Testimonials/, "1 pending");
    const publicPage = await browser.newPage({ baseURL: server.url });
    await publicPage.goto("/share-testimonial");
    await publicPage.getByText(a.firstName, { exact: false }).first().waitFor();
    await publicPage.close();

    await dismissToasts(page);
    await card(page, a.firstName).getByRole("button", { name: "Remove" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove this testimonial?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expectToast(page, "Testimonial Deleted");
    await card(page, a.firstName).waitFor({ state: "detached" });
    expect(await publicIds("/api/testimonials")).not.toContain(a.id);

    await dismissToasts(page);
    await card(page, b.firstName).getByRole("button", { name: "Decline" }).click();
    await page.getByRole("dialog", { name: "Decline this testimonial?" }).getByRole("button", { name: "Decline" }).click();
    await expectToast(page, "Testimonial Deleted");
    await page.getByText("No pending testimonials.", { exact: true }).waitFor();
    expect(sql(server, "SELECT id FROM testimonials WHERE id IN (?, ?)", a.id, b.id)).toEqual([]);
    expect(await page.locator(".admin-badge").count()).toBe(0);
  });

  it("a cancelled decline changes nothing", async () => {
    const t = await testimonial();
    await reloadDashboard();
    await openTab(page, /^Testimonials/);
    await card(page, t.firstName).getByRole("button", { name: "Decline" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    expect(sql(server, "SELECT id FROM testimonials WHERE id = ?", t.id)).toHaveLength(1);
  });

  it("memorial flowers: approve shows it in the garden (API and page), remove and decline delete it", async () => {
    const a = await submitFlower(server, { babyFirstName: "Seraphina", babyLastName: "Q." });
    const b = await submitFlower(server, { babyFirstName: "Bartholomew" });
    await reloadDashboard();
    await openTab(page, /^Memorial Flowers/);
    await dismissToasts(page);
    await card(page, "Seraphina").getByRole("button", { name: "Approve" }).click();
    await expectToast(page, "Memorial Flower Approved");
    expect(await publicIds("/api/memorial-flowers")).toContain(a.id);

    const garden = await browser.newPage({ baseURL: server.url });
    await garden.goto("/garden-of-remembrance");
    await garden.getByText("Seraphina", { exact: false }).first().waitFor();
    await garden.close();

    await dismissToasts(page);
    await page
      .getByRole("region", { name: /Approved memorial flowers/ })
      .locator("article", { hasText: "Seraphina" })
      .getByRole("button", { name: "Remove" })
      .click();
    await page.getByRole("dialog", { name: "Remove this memorial flower?" }).getByRole("button", { name: "Remove" }).click();
    await expectToast(page, "Memorial Flower Deleted");
    expect(await publicIds("/api/memorial-flowers")).not.toContain(a.id);

    await dismissToasts(page);
    await card(page, "Bartholomew").getByRole("button", { name: "Decline" }).click();
    await page.getByRole("dialog", { name: "Decline this memorial flower?" }).getByRole("button", { name: "Decline" }).click();
    await expectToast(page, "Memorial Flower Deleted");
    await card(page, "Bartholomew").waitFor({ state: "detached" });
    expect(sql(server, "SELECT id FROM memorial_flowers WHERE id = ?", b.id)).toEqual([]);
  });

  it("memorial comments: 'Memorial for' with the flower's first name, approve, remove and decline, checked on the public list", async () => {
    const flower = await liveFlower(server, api, { babyFirstName: "Gemma" });
    const c1 = await comment(flower.id);
    const c2 = await comment(flower.id);
    await reloadDashboard();
    await openTab(page, /^Comments/);
    await expectTabCount(page, /^Comments/, "2 pending");
    // The tab's count comes with the dashboard; its cards load after the tab opens.
    await card(page, c1.name).getByText("Memorial for Gemma").waitFor();
    expect(await card(page, c1.name).getByText("Memorial for Gemma").count()).toBe(1);
    expect(await card(page, c1.name).locator(".admin-card__date").textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d\d (AM|PM)$/);

    await dismissToasts(page);
    await card(page, c1.name).getByRole("button", { name: "Approve" }).click();
    await expectToast(page, "Memorial Comment Approved");
    expect(await publicIds(`/api/memorial-flowers/${flower.id}/comments`)).toContain(c1.id);

    await dismissToasts(page);
    await card(page, c1.name).getByRole("button", { name: "Remove" }).click();
    await page.getByRole("dialog", { name: "Remove this memorial comment?" }).getByRole("button", { name: "Remove" }).click();
    await expectToast(page, "Memorial Comment Deleted");
    expect(await publicIds(`/api/memorial-flowers/${flower.id}/comments`)).not.toContain(c1.id);

    await dismissToasts(page);
    await card(page, c2.name).getByRole("button", { name: "Decline" }).click();
    await page.getByRole("dialog", { name: "Decline this memorial comment?" }).getByRole("button", { name: "Decline" }).click();
    await expectToast(page, "Memorial Comment Deleted");
    expect(sql(server, "SELECT id FROM memorial_comments WHERE id IN (?, ?)", c1.id, c2.id)).toEqual([]);
  });

  it("shows 'Unknown' for a comment whose flower is gone", async () => {
    const flower = await liveFlower(server, api, { babyFirstName: "Vanishing" });
    const c = await comment(flower.id);
    flowerGoneLeavingComments(server, flower.id);
    await reloadDashboard();
    await openTab(page, /^Comments/);
    await card(page, c.name).getByText("Memorial for Unknown").waitFor();
    expect(await card(page, c.name).getByText("Memorial for Unknown").count()).toBe(1);
    expect((await api.delete(`/api/admin/memorial-comments/${c.id}`)).status).toBe(200);
  });

  it("a decision on an item that changed meanwhile shows the server's sentence and refreshes the list (412)", async () => {
    const t = await testimonial();
    await reloadDashboard();
    await openTab(page, /^Testimonials/);
    await card(page, t.firstName).waitFor();
    // Someone else approves it after this page loaded it.
    expect((await api.post(`/api/admin/testimonials/${t.id}/approve`)).status).toBe(200);
    await dismissToasts(page);
    await card(page, t.firstName).getByRole("button", { name: "Decline" }).click();
    await page.getByRole("dialog", { name: "Decline this testimonial?" }).getByRole("button", { name: "Decline" }).click();
    await expectToast(page, "Error", "This testimonial was changed by someone else since you reviewed it, so your decision was not applied.");
    await page
      .getByRole("region", { name: /Approved testimonials/ })
      .locator("article", { hasText: t.firstName })
      .waitFor();
    expect(await publicIds("/api/testimonials")).toContain(t.id);
  });

  it("edits a flower from its card (first name required, PUT with the version), and the garden shows the change", async () => {
    const f = await liveFlower(server, api, { babyFirstName: "Editable", babyLastName: "E." });
    await reloadDashboard();
    await openTab(page, /^Memorial Flowers/);
    await card(page, "Editable").getByRole("button", { name: "Edit the memorial flower for Editable E." }).click();
    const dialog = page.getByRole("dialog", { name: "Edit memorial flower" });
    await dialog.getByLabel("First Name").fill("  ");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await dialog.getByText("First name is required").waitFor();
    await dialog.getByLabel("First Name").fill("Edited");
    await dialog.getByLabel("Flower").selectOption("pink-rose");
    await dismissToasts(page);
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Memorial Flower Updated");
    const garden = await json<{ id: number; babyFirstName: string; flowerType: string }[]>(await visitor.get("/api/memorial-flowers"));
    expect(garden.find((g) => g.id === f.id)).toMatchObject({ babyFirstName: "Edited", flowerType: "pink-rose" });
    await card(page, "Edited E.").waitFor();
  });
});

describe("the family's private link, from a flower's edit dialog", () => {
  it("sends a link to an address typed there, and closes every link to the memorial; the dialog passes axe", async () => {
    const f = await liveFlower(server, api, { babyFirstName: "Linkable", babyLastName: "L." });
    await mailFor(server.parts.services).drain(); // the approval email's link exists once it is sent
    const live = () => sql<{ n: number }>(server, "SELECT count(*) AS n FROM family_links WHERE flower_id = ? AND revoked_at IS NULL", f.id)[0]!.n;
    const before = live(); // the received and the approved emails' links
    expect(before).toBe(2);
    await reloadDashboard();
    await openTab(page, /^Memorial Flowers/);
    await card(page, "Linkable").getByRole("button", { name: "Edit the memorial flower for Linkable L." }).click();
    const dialog = page.getByRole("dialog", { name: "Edit memorial flower" });
    await dialog.getByLabel("Family's email address").fill("not an address");
    await dialog.getByRole("button", { name: "Send a private link" }).click();
    await dialog.getByText("Please enter a valid email address").waitFor();
    await dialog.getByLabel("Family's email address").fill("typed@example.org");
    await dismissToasts(page);
    await dialog.getByRole("button", { name: "Send a private link" }).click();
    await expectToast(page, "Private Link Sent", "A private link to manage this memorial is on its way to that address.");
    expect(sql(server, "SELECT count(*) AS n FROM outbox WHERE kind = 'family-link' AND to_address LIKE '%typed@example.org%'")).toEqual([{ n: 1 }]);
    await mailFor(server.parts.services).drain();
    expect(live()).toBe(before + 1);
    await expectNoAxeViolations(page, "the flower edit dialog with the family's link");
    await dismissToasts(page);
    await dialog.getByRole("button", { name: "Close all private links" }).click();
    await expectToast(page, "Private Links Closed", "The family's private links no longer work.");
    expect(live()).toBe(0);
  });
});

/** Presses Tab until the focused element matches, at most `max` times; fails when it never does. */
async function tabUntil(p: Page, matches: (el: { role: string | null; text: string; selected: string | null }) => boolean, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await p.keyboard.press("Tab");
    const el = await p.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return {
        role: a?.getAttribute("role") ?? a?.tagName.toLowerCase() ?? null,
        text: (a?.textContent ?? "").trim(),
        selected: a?.getAttribute("aria-selected") ?? null,
      };
    });
    if (matches(el)) return;
  }
  throw new Error("never reached the element by Tab");
}

describe("keyboard only", () => {
  it("approves one flower and declines another with Tab, arrow keys, Enter and Space", async () => {
    const keep = await submitFlower(server, { babyFirstName: "Keyboarda" });
    const drop = await submitFlower(server, { babyFirstName: "Keyboardb" });
    await reloadDashboard();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    // Tab to the selected tab, then arrow keys to "Memorial Flowers".
    await tabUntil(page, (el) => el.role === "tab" && el.selected === "true");
    for (let i = 0; i < 10; i++) {
      const name = await page.evaluate(() => document.activeElement?.textContent ?? "");
      if (name.startsWith("Memorial Flowers")) break;
      await page.keyboard.press("ArrowRight");
    }
    expect(await page.getByRole("tab", { name: /^Memorial Flowers/ }).getAttribute("aria-selected")).toBe("true");
    await card(page, "Keyboardb").waitFor();

    // The newest first: Keyboardb's card comes before Keyboarda's. Decline Keyboardb with Space.
    await tabUntil(page, (el) => el.text === "Decline");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Decline the memorial flower for Keyboardb K.");
    await page.keyboard.press("Space");
    const dialog = page.getByRole("dialog", { name: "Decline this memorial flower?" });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Decline");
    await page.keyboard.press("Enter");
    await expectToast(page, "Memorial Flower Deleted");
    await card(page, "Keyboardb").waitFor({ state: "detached" });
    expect(sql(server, "SELECT id FROM memorial_flowers WHERE id = ?", drop.id)).toEqual([]);
    // Focus went to the item that took its place, not to the page.
    await page.waitForFunction((id) => document.activeElement?.getAttribute("data-item-id") === String(id), keep.id);

    // Approve Keyboarda with Enter: the next Tab from its card reaches its Approve button.
    await tabUntil(page, (el) => el.text === "Approve");
    await page.keyboard.press("Enter");
    await expectToast(page, "Memorial Flower Approved");
    expect(await publicIds("/api/memorial-flowers")).toContain(keep.id);
    // Nothing is left pending: focus goes to the list's heading.
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith("Pending Approval (0)"));
  });
});

describe("accessibility", () => {
  it("finds no axe violation on any tab, or with a confirmation dialog open", async () => {
    const flower = await submitFlower(server, { babyFirstName: "Axeflower" });
    await liveFlower(server, api, { babyFirstName: "Axelive" });
    await testimonial();
    await visitor.post("/api/assistance-requests", {
      firstName: "Axe",
      lastName: "Asker",
      email: "axe@example.org",
      phoneNumber: "555-0101",
      comments: "Please call.",
    });
    await reloadDashboard();
    for (const name of ["Testimonials", "Memorial Flowers", "Comments", "CSV Import", "Bulk Upload", "Assistance Requests", "Activity", "Emails"]) {
      await openTab(page, new RegExp(`^${name}`));
      await page.waitForFunction(() => !document.querySelector(".spinner"));
      await expectNoAxeViolations(page, `the ${name} tab`);
    }
    await openTab(page, /^Memorial Flowers/);
    await card(page, "Axeflower").getByRole("button", { name: "Decline the memorial flower for Axeflower K." }).click();
    await page.getByRole("dialog").waitFor();
    await expectNoAxeViolations(page, "the decline dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await card(page, "Axeflower").getByRole("button", { name: "Edit the memorial flower for Axeflower K." }).click();
    await page.getByRole("dialog", { name: "Edit memorial flower" }).waitFor();
    await expectNoAxeViolations(page, "the flower edit dialog");
    await page.keyboard.press("Escape");
    expect(sql(server, "SELECT id FROM memorial_flowers WHERE id = ?", flower.id)).toHaveLength(1);
  });
});
