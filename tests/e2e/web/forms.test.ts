import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLOWERS } from "../../../shared/flowers";
import { Client } from "../../support/client";
import { launchBrowser, newPage, openHydrated } from "../../support/browser";
import { startTestServer, type TestServer } from "../../support/testServer";
import { sql } from "../../public-server/fixtures";
import { axeViolations } from "../../support/axe";

/**
 * Every visitor form in Chromium against the real server: the product's
 * validation, the product's toasts, the item really stored as pending, and a
 * failed submit (the server's real 429) that keeps what the person typed.
 * Also Home's flower picker and axe on the testimonial page and dialogs.
 */

let server: TestServer;
let admin: Client;
let browser: Browser;
let page: Page;
let consoleErrors: string[];
const failedUrls: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser("moderator", "a long admin password", "admin");
  admin = new Client(server.url);
  await admin.login("moderator", "a long admin password");
  browser = await launchBrowser();
  ({ page, consoleErrors } = await newPage(browser, server.url));
  page.on("response", (res) => {
    if (res.status() >= 400) failedUrls.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  page.setDefaultTimeout(10_000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits for a toast with this title and message. */
async function toast(p: Page, title: string, message: string): Promise<void> {
  const region = p.getByRole("region", { name: /Notifications/ });
  await region.getByText(title, { exact: true }).waitFor();
  await region.getByText(message, { exact: true }).waitFor();
}

const field = (p: Page, name: string | RegExp) => p.getByRole("textbox", { name });

describe("home: assistance request", () => {
  const form = () => page.getByRole("form", { name: "Request assistance" });

  it("shows the product's message for each empty field on submit and moves focus to the first", async () => {
    await openHydrated(page, "/");
    await form().getByRole("button", { name: "Request Assistance" }).click();
    for (const message of ["First name is required", "Last name is required", "Valid email is required", "Phone number is required", "Comments are required"]) {
      await form().getByText(message, { exact: true }).waitFor();
    }
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === "firstName");
    const described = await field(page, /First Name/).getAttribute("aria-describedby");
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe("First name is required");
    expect(await field(page, /First Name/).getAttribute("aria-invalid")).toBe("true");
  });

  it("moves focus to the first field to fix on a slow phone too (4× slower processor)", async () => {
    // The error state renders after the next frame there: focus used to stay on the button.
    const p = await browser.newPage({ baseURL: server.url });
    try {
      await openHydrated(p, "/");
      const cdp = await p.context().newCDPSession(p);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await p.getByRole("form", { name: "Request assistance" }).getByRole("button", { name: "Request Assistance" }).click();
      await p.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === "firstName");
    } finally {
      await p.close();
    }
  });

  it("shows an error when a field is left, and sends a complete request that is stored", async () => {
    await openHydrated(page, "/");
    const email = form().getByRole("textbox", { name: /Email/ });
    await email.fill("not-an-email");
    await email.blur();
    await form().getByText("Valid email is required", { exact: true }).waitFor();
    expect(await form().getByText("First name is required").count()).toBe(0);

    await form()
      .getByRole("textbox", { name: /First Name/ })
      .fill("Maria");
    await form()
      .getByRole("textbox", { name: /Last Name/ })
      .fill("Example");
    await email.fill("maria@private.example");
    await form()
      .getByRole("textbox", { name: /Phone Number/ })
      .fill("555-0100");
    const comments = form().getByRole("textbox", { name: /Comments/ });
    await comments.fill("We lost our baby yesterday and need help with burial.");
    expect(parseFloat(await comments.evaluate((el) => getComputedStyle(el).minHeight))).toBeGreaterThanOrEqual(120);
    await form().getByRole("button", { name: "Request Assistance" }).click();

    await toast(page, "Request Submitted", "We have received your assistance request and will contact you shortly.");
    expect(await email.inputValue()).toBe("");
    expect(await comments.inputValue()).toBe("");
    const stored = sql<{ email: string; phone_number: string }>(server, "SELECT email, phone_number FROM assistance_requests WHERE first_name = 'Maria'");
    expect(stored).toEqual([{ email: "maria@private.example", phone_number: "555-0100" }]);
  });
});

describe("home: flower picker", () => {
  it("shows ten flowers in three rows of three, then the tulip alone", async () => {
    await openHydrated(page, "/");
    const buttons = page.getByRole("list", { name: "The ten flowers of the garden" }).getByRole("button");
    expect(await buttons.count()).toBe(10);
    const names = await buttons.locator(".flower-picker__name").allTextContents();
    expect(names).toEqual([...FLOWERS.filter((f) => f.type !== "tulip").map((f) => f.label), "Tulip"]);
    const boxes = await buttons.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(boxes.slice(0, 9)).size).toBe(3);
    expect(boxes[9]).toBeGreaterThan(Math.max(...boxes.slice(0, 9)));
  });

  it("opens a dialog with the title, Marian meaning, drawing and description, without axe violations", async () => {
    const marigold = FLOWERS.find((f) => f.type === "marigold")!;
    await page.getByRole("button", { name: /^Marigold/ }).click();
    const dialog = page.getByRole("dialog", { name: "Marigold" });
    await dialog.waitFor();
    await dialog.getByText(marigold.meaning, { exact: true }).waitFor();
    await dialog.getByText(marigold.symbolism).waitFor();
    await dialog.getByRole("img", { name: "Marigold" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toContain("Marigold");
  });
});

describe("garden: memorial flower submission", () => {
  const form = () => page.locator("#add-flower form");
  const submit = () => form().getByRole("button", { name: "Submit Memorial Flower" });

  it("tells an empty garden to be the first, and keeps Submit disabled until the required fields hold text", async () => {
    await openHydrated(page, "/garden-of-remembrance");
    await page.getByText("No memorial flowers have been added yet. Be the first to honor your little one.", { exact: true }).waitFor();
    expect(await page.getByRole("group", { name: "Filter by flower" }).count()).toBe(0);
    await form().getByText("Enter first initial if you prefer privacy").waitFor();
    await form()
      .getByText(/Sent approximately once monthly/)
      .waitFor();
    await form()
      .getByText(/you consent to publishing your baby's information/)
      .waitFor();
    expect(
      await form()
        .getByRole("textbox", { name: /Email Address/ })
        .getAttribute("type"),
    ).toBe("email");
    expect(await form().getByRole("radio").count()).toBe(10);

    expect(await submit().isDisabled()).toBe(true);
    await form()
      .getByRole("textbox", { name: /Your Name/ })
      .fill("Rose Parent");
    await form()
      .getByRole("textbox", { name: /Email Address/ })
      .fill("rose@private.example");
    await form()
      .getByRole("textbox", { name: /Baby's First Name/ })
      .fill("Gabriel");
    await form()
      .getByRole("textbox", { name: /Baby's Last Name/ })
      .fill("   ");
    await form()
      .getByRole("textbox", { name: /Baby's Last Name/ })
      .blur();
    await form().getByText("Baby's last name is required (an initial is fine)", { exact: true }).waitFor();
    await form()
      .getByRole("radio", { name: /Periwinkle/ })
      .check();
    expect(await submit().isDisabled()).toBe(true); // spaces are not a name
    await form()
      .getByRole("textbox", { name: /Baby's Last Name/ })
      .fill("P.");
    expect(await submit().isDisabled()).toBe(false);
  });

  it("checks the email address before sending", async () => {
    await form()
      .getByRole("textbox", { name: /Email Address/ })
      .fill("rose@");
    await submit().click();
    await form().getByText("A valid email address is required", { exact: true }).waitFor();
    expect(sql(server, "SELECT id FROM memorial_flowers")).toEqual([]);
  });

  it("sends the flower, which waits for review, and resets the form", async () => {
    await form()
      .getByRole("textbox", { name: /Email Address/ })
      .fill("rose@private.example");
    await form()
      .getByRole("textbox", { name: /Date of Loss/ })
      .fill("Advent 2024");
    await form()
      .getByRole("checkbox", { name: /updates/ })
      .check();
    await submit().click();
    await toast(
      page,
      "Memorial Flower Submitted",
      "Your memorial flower has been submitted for review. You will receive an email confirmation when it's added to the garden.",
    );
    expect(
      await form()
        .getByRole("textbox", { name: /Baby's First Name/ })
        .inputValue(),
    ).toBe("");
    expect(
      await form()
        .getByRole("radio", { name: /Periwinkle/ })
        .isChecked(),
    ).toBe(false);
    expect(await submit().isDisabled()).toBe(true);
    const rows = sql(
      server,
      "SELECT parent_name, email, baby_first_name, baby_last_name, loss_date, flower_type, email_updates, approved FROM memorial_flowers",
    );
    expect(rows).toEqual([
      {
        parent_name: "Rose Parent",
        email: "rose@private.example",
        baby_first_name: "Gabriel",
        baby_last_name: "P.",
        loss_date: "Advent 2024",
        flower_type: "periwinkle",
        email_updates: 1,
        approved: 0,
      },
    ]);
    // Pending: still not in the public garden.
    await page.getByText("No memorial flowers have been added yet. Be the first to honor your little one.", { exact: true }).waitFor();
  });
});

describe("share testimonial", () => {
  const form = () => page.getByRole("form", { name: "Share Your Story" });

  it("shows the schema's messages on submit and does not show an empty Shared Testimonials grid", async () => {
    await openHydrated(page, "/share-testimonial");
    expect(await page.getByRole("heading", { name: "Shared Testimonials" }).count()).toBe(0);
    await form().getByRole("button", { name: "Share Your Story" }).click();
    for (const message of ["First name is required", "Last name is required", "Please share your testimonial"]) {
      await form().getByText(message, { exact: true }).waitFor();
    }
    await form().getByRole("textbox", { name: /Email/ }).fill("nope");
    await form().getByRole("textbox", { name: /Email/ }).blur();
    await form().getByText("Please enter a valid email address, or leave it empty", { exact: true }).waitFor();
  });

  it("sends a testimonial that waits for review, then appears once approved", async () => {
    await form()
      .getByRole("textbox", { name: /First Name/ })
      .fill("Teresa");
    await form()
      .getByRole("textbox", { name: /Last Name/ })
      .fill("Example");
    await form()
      .getByRole("textbox", { name: /Child's Name/ })
      .fill("Michael");
    await form()
      .getByRole("textbox", { name: /Your Testimonial/ })
      .fill("The garden gave us a place to bring our grief.");
    await form().getByRole("textbox", { name: /Email/ }).fill("teresa@private.example");
    await form().getByRole("button", { name: "Share Your Story" }).click();
    await toast(page, "Testimonial Submitted", "Thank you for sharing your story. Your testimonial will be reviewed and posted soon.");
    expect(
      await form()
        .getByRole("textbox", { name: /First Name/ })
        .inputValue(),
    ).toBe("");
    const [row] = sql<{ id: number; approved: number; email: string; child_name: string }>(
      server,
      "SELECT id, approved, email, child_name FROM testimonials WHERE first_name = 'Teresa'",
    );
    expect(row).toMatchObject({ approved: 0, email: "teresa@private.example", child_name: "Michael" });

    expect((await admin.post(`/api/admin/testimonials/${row!.id}/approve`)).status).toBe(200);
    await openHydrated(page, "/share-testimonial");
    await page.getByRole("heading", { name: "Shared Testimonials" }).waitFor();
    await page.getByText("The garden gave us a place to bring our grief.").waitFor();
    await page.getByText("In memory of Michael").waitFor();
  });

  it('reads "Submitting..." and stays disabled while the request is on its way', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Holds the real request back (it still reaches the real server), so the pending state can be seen.
    await page.route("**/api/testimonials", async (route) => {
      if (route.request().method() === "POST") await gate;
      await route.continue();
    });
    try {
      await form()
        .getByRole("textbox", { name: /First Name/ })
        .fill("Patient");
      await form()
        .getByRole("textbox", { name: /Last Name/ })
        .fill("Writer");
      await form()
        .getByRole("textbox", { name: /Your Testimonial/ })
        .fill("Waiting for the answer.");
      await form().getByRole("button", { name: "Share Your Story" }).click();
      const pending = form().getByRole("button", { name: "Submitting..." });
      await pending.waitFor();
      expect(await pending.isDisabled()).toBe(true);
      release();
      await toast(page, "Testimonial Submitted", "Thank you for sharing your story. Your testimonial will be reviewed and posted soon.");
      expect(await form().getByRole("button", { name: "Share Your Story" }).isDisabled()).toBe(false);
      expect(sql(server, "SELECT approved FROM testimonials WHERE first_name = 'Patient'")).toEqual([{ approved: 0 }]);
    } finally {
      await page.unroute("**/api/testimonials");
    }
  });

  it("has no axe violations", async () => {
    expect(await axeViolations(page)).toEqual([]);
  });

  it("logged no errors in the browser", () => {
    expect(failedUrls).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

describe("a failed submit keeps what the person typed", () => {
  let limited: TestServer;
  let p: Page;

  beforeAll(async () => {
    // The real server, allowing one public submission an hour: the second is refused with its own sentence.
    limited = await startTestServer({ submissionsPerHour: 1 });
    ({ page: p } = await newPage(browser, limited.url));
    p.setDefaultTimeout(10_000);
    const first = await p.request.post(`${limited.url}/api/testimonials`, {
      data: { firstName: "Used", lastName: "Up", testimonial: "The first one goes through." },
    });
    expect(first.status()).toBe(201);
  });

  afterAll(async () => {
    await p?.context().close();
    await limited?.stop();
  });

  it("memorial flower: Submission Error with the server's sentence, every value kept", async () => {
    await openHydrated(p, "/garden-of-remembrance");
    const form = p.locator("#add-flower form");
    await form.getByRole("textbox", { name: /Your Name/ }).fill("Kept Parent");
    await form.getByRole("textbox", { name: /Email Address/ }).fill("kept@private.example");
    await form.getByRole("textbox", { name: /Baby's First Name/ }).fill("Faith");
    await form.getByRole("textbox", { name: /Baby's Middle Name/ }).fill("Marie");
    await form.getByRole("textbox", { name: /Baby's Last Name/ }).fill("K.");
    await form.getByRole("textbox", { name: /Date of Loss/ }).fill("Summer 2023");
    await form.getByRole("radio", { name: /Forget-Me-Not/ }).check();
    await form.getByRole("button", { name: "Submit Memorial Flower" }).click();

    const region = p.getByRole("region", { name: /Notifications/ });
    await region.getByText("Submission Error", { exact: true }).waitFor();
    await region.getByText(/We have received many messages from your connection/).waitFor();
    expect(await form.getByRole("textbox", { name: /Your Name/ }).inputValue()).toBe("Kept Parent");
    expect(await form.getByRole("textbox", { name: /Email Address/ }).inputValue()).toBe("kept@private.example");
    expect(await form.getByRole("textbox", { name: /Baby's Middle Name/ }).inputValue()).toBe("Marie");
    expect(await form.getByRole("textbox", { name: /Date of Loss/ }).inputValue()).toBe("Summer 2023");
    expect(await form.getByRole("radio", { name: /Forget-Me-Not/ }).isChecked()).toBe(true);
    expect(await form.getByRole("button", { name: "Submit Memorial Flower" }).isDisabled()).toBe(false);
    expect(sql(limited, "SELECT id FROM memorial_flowers")).toEqual([]);
  });

  it("assistance request: the failure toast is titled Error and the values stay", async () => {
    await openHydrated(p, "/");
    const form = p.getByRole("form", { name: "Request assistance" });
    await form.getByRole("textbox", { name: /First Name/ }).fill("Kept");
    await form.getByRole("textbox", { name: /Last Name/ }).fill("Asker");
    await form.getByRole("textbox", { name: /Email/ }).fill("kept.asker@private.example");
    await form.getByRole("textbox", { name: /Phone Number/ }).fill("555-0199");
    await form.getByRole("textbox", { name: /Comments/ }).fill("Please call.");
    await form.getByRole("button", { name: "Request Assistance" }).click();
    const region = p.getByRole("region", { name: /Notifications/ });
    await region.getByText("Error", { exact: true }).waitFor();
    await region.getByText(/We have received many messages from your connection/).waitFor();
    expect(await form.getByRole("textbox", { name: /Comments/ }).inputValue()).toBe("Please call.");
    expect(await form.getByRole("textbox", { name: /Email/ }).inputValue()).toBe("kept.asker@private.example");
  });

  it("testimonial: Submission Error and the story stays", async () => {
    await openHydrated(p, "/share-testimonial");
    const form = p.getByRole("form", { name: "Share Your Story" });
    await form.getByRole("textbox", { name: /First Name/ }).fill("Kept");
    await form.getByRole("textbox", { name: /Last Name/ }).fill("Writer");
    await form.getByRole("textbox", { name: /Your Testimonial/ }).fill("A long story I do not want to type twice.");
    await form.getByRole("button", { name: "Share Your Story" }).click();
    const region = p.getByRole("region", { name: /Notifications/ });
    await region.getByText("Submission Error", { exact: true }).waitFor();
    expect(await form.getByRole("textbox", { name: /Your Testimonial/ }).inputValue()).toBe("A long story I do not want to type twice.");
  });
});

describe("the honeypot", () => {
  it("is in every visitor form, hidden from people and from the keyboard", async () => {
    for (const path of ["/", "/garden-of-remembrance", "/share-testimonial"]) {
      await openHydrated(page, path);
      const traps = page.locator('input[name="website"]');
      expect(await traps.count()).toBeGreaterThan(0);
      for (const trap of await traps.all()) {
        expect(await trap.getAttribute("tabindex")).toBe("-1");
        expect(await trap.getAttribute("autocomplete")).toBe("off");
        expect(await trap.evaluate((el) => el.closest("[aria-hidden='true']") !== null)).toBe(true);
        const box = await trap.boundingBox();
        expect(box === null || box.x < 0 || box.width <= 1).toBe(true);
      }
    }
  });
});
