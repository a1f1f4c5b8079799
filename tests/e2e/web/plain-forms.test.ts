import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage } from "../../support/browser";
import { startTestServer, type TestServer } from "../../support/testServer";
import { liveFlower, signedIn, sql } from "../../public-server/fixtures";

/**
 * The four visitor forms in Chromium with JavaScript turned off (a slow phone
 * before the script arrived): each posts to its page, an error comes back
 * beside the fields with every typed value kept, a success shows the product's
 * title and text, the item is stored, and nothing typed ever reaches an
 * address (bar, history or the server's request log). A received post is
 * redirected to its page (Post/Redirect/Get): a reload, Back or Forward never
 * sends it again.
 */

let server: TestServer;
let browser: Browser;
let page: Page;
let flowerId: number;
const visited: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ teamEmails: ["team@example.org"] });
  const admin = await signedIn(server);
  flowerId = (await liveFlower(server, admin, { babyFirstName: "Rose", babyLastName: "Example" })).id;
  browser = await launchBrowser();
  ({ page } = await newPage(browser, server.url, { javaScriptEnabled: false }));
  page.on("request", (req) => visited.push(req.url()));
  page.setDefaultTimeout(10_000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * No address the browser asked for carries anything the person typed. The build's own files are left out:
 * their names are fixed when the site is built (the garden's drawings are files such as flower-calla-lily-….svg).
 */
function expectNothingInAddresses(...typed: string[]): void {
  expect(visited.length).toBeGreaterThan(0);
  for (const url of visited) {
    if (new URL(url).pathname.startsWith("/assets/")) continue;
    const decoded = decodeURIComponent(url).toLowerCase();
    for (const text of typed) expect(decoded, url).not.toContain(text.toLowerCase());
  }
}

const valueOf = (label: RegExp) => page.getByLabel(label).inputValue();

describe("without JavaScript", () => {
  it("the page really runs no script", async () => {
    await page.goto("/");
    expect(await page.evaluate(() => 1).catch(() => "blocked")).toBeDefined();
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
  });

  it("home: a request for help with a bad email comes back with the message and the values; then it is received", async () => {
    visited.length = 0;
    await page.goto("/");
    const form = page.getByRole("form", { name: "Request assistance" });
    await form.getByLabel(/First Name/).fill("Maria");
    await form.getByLabel(/Last Name/).fill("Private");
    await form.getByLabel(/Email/).fill("not-an-email");
    await form.getByLabel(/Phone Number/).fill("555-0100");
    await form.getByLabel(/Comments/).fill("Please call me about the burial");
    await form.getByRole("button", { name: "Request Assistance" }).click();
    await page.waitForLoadState();
    await form.getByText("Valid email is required", { exact: true }).waitFor();
    expect(await form.getByLabel(/Email/).getAttribute("aria-invalid")).toBe("true");
    // The page opens on the field to fix, as a submit with JavaScript does.
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === "email");
    expect(await valueOf(/First Name/)).toBe("Maria");
    expect(await valueOf(/Comments/)).toBe("Please call me about the burial");
    expect(sql(server, "SELECT id FROM assistance_requests")).toEqual([]);

    await form.getByLabel(/Email/).fill("maria@private.example");
    await form.getByRole("button", { name: "Request Assistance" }).click();
    await page.getByText("Request Submitted", { exact: true }).waitFor();
    await page.getByText("We have received your assistance request and will contact you shortly.", { exact: true }).waitFor();
    expect(sql(server, "SELECT first_name, email, comments FROM assistance_requests")).toEqual([
      { first_name: "Maria", email: "maria@private.example", comments: "Please call me about the burial" },
    ]);
    expect(new URL(page.url()).pathname).toBe("/");
    expectNothingInAddresses("Maria", "Private", "maria@private.example", "555-0100", "burial");
  });

  it("home: a request for help, then reload, Back and Forward: one request and one email to the team", async () => {
    const before = sql(server, "SELECT id FROM assistance_requests").length;
    await page.goto("/");
    const form = page.getByRole("form", { name: "Request assistance" });
    await form.getByLabel(/First Name/).fill("Reloading");
    await form.getByLabel(/Last Name/).fill("Parent");
    await form.getByLabel(/Email/).fill("reloading@private.example");
    await form.getByLabel(/Phone Number/).fill("555-0101");
    await form.getByLabel(/Comments/).fill("Please call me today");
    await form.getByRole("button", { name: "Request Assistance" }).click();
    await page.getByText("We have received your assistance request and will contact you shortly.", { exact: true }).waitFor();
    expect(new URL(page.url()).hash).toBe("#request-assistance-answer");

    const requests = () => sql(server, "SELECT id FROM assistance_requests WHERE first_name = 'Reloading'").length;
    const emails = () => sql(server, "SELECT id FROM outbox WHERE kind = 'assistance-request'").length;
    expect([requests(), emails()]).toEqual([1, before + 1]);
    await page.reload();
    await form.getByLabel(/First Name/).waitFor();
    expect([requests(), emails()]).toEqual([1, before + 1]);
    // The success was for once: the reloaded page is the ordinary one, with an empty form.
    expect(await page.getByText("Request Submitted", { exact: true }).count()).toBe(0);
    expect(await form.getByLabel(/First Name/).inputValue()).toBe("");
    await page.goBack();
    await page.goForward();
    await form.getByLabel(/First Name/).waitFor();
    expect([requests(), emails()]).toEqual([1, before + 1]);
  });

  it("garden: a memorial flower without a flower chosen keeps every value; chosen, it waits for review", async () => {
    visited.length = 0;
    await page.goto("/garden-of-remembrance");
    const form = page.locator("#add-flower form");
    const submit = form.getByRole("button", { name: "Submit Memorial Flower" });
    expect(await submit.isDisabled()).toBe(false);
    await form.getByLabel(/Your Name/).fill("Anna Parent");
    await form.getByLabel(/Email Address/).fill("anna@private.example");
    await form.getByLabel(/Baby's First Name/).fill("Lily");
    await form.getByLabel(/Baby's Last Name/).fill("P");
    await form.getByLabel(/Date of Loss/).fill("Spring 2024");
    await form.getByLabel(/Send me occasional updates/).check();
    await submit.click();
    await form.getByText("Please choose one of the ten flowers", { exact: true }).waitFor();
    expect(await form.getByLabel(/Baby's First Name/).inputValue()).toBe("Lily");
    expect(await form.getByLabel(/Date of Loss/).inputValue()).toBe("Spring 2024");
    expect(await form.getByLabel(/Send me occasional updates/).isChecked()).toBe(true);
    expect(new URL(page.url()).hash).toBe("#add-flower-answer");
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === "flowerType");

    await form.getByRole("radio", { name: /Rose/ }).check();
    await form.getByRole("button", { name: "Submit Memorial Flower" }).click();
    await page.getByText("Memorial Flower Submitted", { exact: true }).waitFor();
    expect(
      sql(server, "SELECT parent_name, baby_first_name, loss_date, flower_type, email_updates, approved FROM memorial_flowers WHERE baby_first_name = 'Lily'"),
    ).toEqual([{ parent_name: "Anna Parent", baby_first_name: "Lily", loss_date: "Spring 2024", flower_type: "pink-rose", email_updates: 1, approved: 0 }]);
    expectNothingInAddresses("Anna", "anna@private.example", "Lily", "Spring 2024");
  });

  it("garden: a comment on a memorial, opened without JavaScript, keeps the name on an error and is received", async () => {
    visited.length = 0;
    await page.goto(`/garden-of-remembrance?comment=${flowerId}`);
    const form = page.getByRole("form", { name: "Leave a Comment" });
    await page.getByRole("heading", { name: "Leave a Comment for Rose Example" }).waitFor();
    await form.getByLabel(/Your Name/).fill("Aunt Clara");
    await form.getByRole("button", { name: "Submit Comment" }).click();
    await form.getByText("Please select a comment", { exact: true }).waitFor();
    expect(await form.getByLabel(/Your Name/).inputValue()).toBe("Aunt Clara");

    const options = await form
      .getByLabel(/Message/)
      .locator("option")
      .allTextContents();
    await form.getByLabel(/Message/).selectOption({ label: options[1]! });
    await form.getByRole("button", { name: "Submit Comment" }).click();
    await page.getByText("Comment Submitted", { exact: true }).waitFor();
    await page.getByText("Your comment has been submitted for review. It will appear after approval.", { exact: true }).waitFor();
    expect(sql(server, "SELECT commenter_name, memorial_flower_id, approved FROM memorial_comments")).toEqual([
      { commenter_name: "Aunt Clara", memorial_flower_id: flowerId, approved: 0 },
    ]);
    expectNothingInAddresses("Aunt Clara", "Clara");
  });

  it("share testimonial: a missing story keeps the names; written, it is received", async () => {
    visited.length = 0;
    await page.goto("/share-testimonial");
    const form = page.locator("#share-your-story form");
    await form.getByLabel(/First Name/).fill("Teresa");
    await form.getByLabel(/Last Name/).fill("Private");
    await form.getByLabel(/Email/).fill("teresa@private.example");
    await form.getByRole("button", { name: "Share Your Story" }).click();
    await form.getByText("Please share your testimonial", { exact: true }).waitFor();
    expect(await form.getByLabel(/First Name/).inputValue()).toBe("Teresa");
    expect(await form.getByLabel(/Email/).inputValue()).toBe("teresa@private.example");

    await form.getByLabel(/Your Testimonial/).fill("Our little one taught us love");
    await form.getByRole("button", { name: "Share Your Story" }).click();
    await page.getByText("Testimonial Submitted", { exact: true }).waitFor();
    await page.getByText("Thank you for sharing your story. Your testimonial will be reviewed and posted soon.", { exact: true }).waitFor();
    expect(sql(server, "SELECT first_name, testimonial, approved FROM testimonials")).toEqual([
      { first_name: "Teresa", testimonial: "Our little one taught us love", approved: 0 },
    ]);
    expectNothingInAddresses("Teresa", "teresa@private.example", "little one");
  });

  it("refuses a form post from another website", async () => {
    const res = await fetch(`${server.url}/`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: new URLSearchParams({ form: "assistance", firstName: "A", lastName: "B", email: "a@b.example", phoneNumber: "1", comments: "x" }),
    });
    expect(res.status).toBe(403);
    expect(sql(server, "SELECT id FROM assistance_requests WHERE first_name = 'A'")).toEqual([]);
  });

  it("keeps nothing from a bot that fills the hidden field, and answers as usual", async () => {
    const res = await fetch(`${server.url}/share-testimonial`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ form: "testimonial", firstName: "Bot", lastName: "Bot", testimonial: "spam", website: "http://spam.example" }),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/share-testimonial");
    expect(sql(server, "SELECT id FROM testimonials WHERE first_name = 'Bot'")).toEqual([]);
  });

  it("past the submissions limit, answers 429 with the sentence on a small page that writes back nothing typed", async () => {
    const limited = await startTestServer({ submissionsPerHour: 1 });
    try {
      const post = () =>
        fetch(`${limited.url}/share-testimonial`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: limited.url },
          body: new URLSearchParams({ form: "testimonial", firstName: "Patient", lastName: "Writer", testimonial: "Kept words" }),
          redirect: "manual",
        });
      expect((await post()).status).toBe(303);
      const res = await post();
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const html = await res.text();
      expect(html).toContain("We have received many messages from your connection in a short time.");
      // The page behind the browser's Back button still holds what was written.
      expect(html).not.toContain("Patient");
      expect(html).not.toContain("Kept words");
    } finally {
      await limited.stop();
    }
  });
});
