/**
 * The desktop renderer in Debian's Chromium, with `window.desktop` bridged
 * (page.exposeFunction) to the REAL main-process handlers and service, which
 * talk to the real server on a random port. Only Electron itself is absent:
 * the preload's job (one function per channel) is done by the init script.
 */
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startTestServer, ROOT, SAMPLE_DATA, type TestServer } from "../support/testServer";
import { launchBrowser, newPage } from "../support/browser";
import { adminItems, Client, json } from "../support/client";
import { createHandlers } from "../../admin-desktop/main/handlers";
import { DesktopService } from "../../admin-desktop/main/service";
import type { DesktopEvent } from "../../admin-desktop/ipc";
import { endEverySession, seedFlower, seedTestimonial, switchableFetch, tempDir, testEncryptor } from "./support";
import { axeViolations } from "../support/axe";
import { bridgeWindow, dropFile, serveRenderer } from "./rendererHarness";

// The machine running the tests may be busy: each expectation waits up to 15 s for the window to catch up.
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 50 } } });

let server: TestServer;
let admin: Client;
let browser: Browser;
let page: Page;
let staticServer: http.Server;
let appUrl: string;
const net = switchableFetch();
const consoleErrors: string[] = [];
let dataDir: string;
let handlers: ReturnType<typeof createHandlers>;
/** `npm run docs:screenshots` sets this: the tests then save the volunteers' page's pictures into docs/images/. */
const SHOTS = process.env.DOCS_SCREENSHOTS ? path.join(ROOT, "docs/images") : null;

/** The main-process side, as the app builds it at start (on the same data folder after a "restart"). */
let current: DesktopService | undefined;

function startMain(): DesktopService {
  // The app before a restart is closed: nothing of it sends on its own any more.
  current?.close();
  const service = new DesktopService({
    dataDir,
    // No keyring (Linux without one): a sign-in is never remembered, so every restart starts signed out.
    encryptor: testEncryptor({ backend: "basic_text" }),
    platform: "linux",
    fetch: net.fetch,
    // What the system open dialog would answer: the sample file with the 823 entries.
    chooseCsvFile: async () => path.join(SAMPLE_DATA, "garden-823.csv"),
    emit: (event: DesktopEvent) =>
      void page?.evaluate((e) => (window as unknown as { __desktopEmit?(e: unknown): void }).__desktopEmit?.(e), event).catch(() => undefined),
  });
  handlers = createHandlers(service);
  current = service;
  return service;
}

/** Closes and reopens the app: a new main on the same data folder, the window loaded afresh. */
async function restart(): Promise<DesktopService> {
  const service = startMain();
  await service.init();
  await service.checkConnection();
  await page.reload();
  return service;
}

/** A small picture of the window for the volunteers' page (only under `npm run docs:screenshots`). */
async function shot(name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: "disabled", caret: "hide" });
}

beforeAll(async () => {
  server = await startTestServer({ adminImportKey: "parish-key-1" });
  await server.createUser("volunteer", "correct horse battery");
  await server.createUser("plain", "plain user password", "user");
  await server.createUser("second", "second volunteer password");
  admin = new Client(server.url);
  await admin.login("volunteer", "correct horse battery");

  // The renderer the app ships, built once per run before this file (tests/support/desktopBuild.ts).
  ({ server: staticServer, url: appUrl } = await serveRenderer());

  dataDir = tempDir();
  startMain();

  browser = await launchBrowser();
  ({ page } = await newPage(browser, appUrl, { viewport: { width: 1000, height: 720 } }));
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  page.on("pageerror", (e) => consoleErrors.push(e.message));
  await bridgeWindow(page, () => handlers);
  await page.goto(appUrl);
});

afterAll(async () => {
  await browser?.close();
  staticServer?.close();
  await server?.stop();
});

describe("desktop renderer against the real main-process modules", () => {
  it("signs in (refusing a non-admin account) and keeps the password out of the page", async () => {
    await expect.poll(() => page.getByRole("heading", { name: "Sign in" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("queued-count").textContent()).toBe("0 decisions queued");
    expect(await page.getByText("This computer has no safe place to keep a sign-in").isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shot("sign-in");

    // A wrong password: the server answered, so the status bar says Online (not "Not connected yet").
    await page.getByLabel("Server address").fill(server.url);
    await page.getByLabel("Username").fill("volunteer");
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").count()).toBe(1);
    await expect.poll(() => page.getByText("Online", { exact: true }).isVisible()).toBe(true);

    await page.getByLabel("Username").fill("plain");
    await page.getByLabel("Password").fill("plain user password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/not an administrator/);

    await page.getByLabel("Username").fill("volunteer");
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByText("Signed in as volunteer").isVisible()).toBe(true);
    expect(await page.getByText("Online", { exact: true }).isVisible()).toBe(true);
    const html = await page.content();
    expect(html).not.toMatch(/garden\.sid|correct horse/);
  });

  it("previews a dropped CSV row by row, uploads the valid rows, and a new file clears the old result", async () => {
    await page.getByRole("tab", { name: "CSV import" }).click();
    await dropFile(page, "notes.txt", "text/plain", "hello");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Invalid File: Please select a CSV file.");

    const csv =
      "First Name,Middle Name,Last Name,Date of Loss,Flower Type\nDroppedA,,S,March 2020,Pink Rose\nDroppedB,,,,lily\n,,Nobody,,tulip\nDroppedC,Hope,T,2019,Forget Me Not\n";
    await dropFile(page, "garden.csv", "text/csv", csv);
    await expect.poll(() => page.getByText("Preview of the rows: 3 valid, 1 invalid").isVisible()).toBe(true);
    expect(await page.getByRole("row", { name: /Row 3: Missing First Name/ }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Upload 3 flowers" }).click();
    await expect.poll(() => page.getByText("Operation completed successfully! Memorial flowers have been processed.").isVisible()).toBe(true);
    expect(await page.getByText(/Successfully uploaded 3 memorial flowers\. 1 invalid row was left out\./).isVisible()).toBe(true);
    await shot("csv-upload");
    const flowers = await adminItems<{ babyFirstName: string; approved: boolean }>(admin, "/api/admin/memorial-flowers");
    expect(
      flowers
        .filter((f) => f.babyFirstName.startsWith("Dropped"))
        .map((f) => [f.babyFirstName, f.approved])
        .sort(),
    ).toEqual([
      ["DroppedA", true],
      ["DroppedB", true],
      ["DroppedC", true],
    ]);

    // The next file: the previous upload's result is not left on screen beside it.
    await dropFile(page, "one.csv", "text/csv", "First Name,Flower Type\nSolo,Lily\n");
    await expect.poll(() => page.getByRole("button", { name: "Upload 1 flower" }).isVisible()).toBe(true);
    expect(await page.getByText(/Successfully uploaded 3 memorial flowers/).count()).toBe(0);
  });

  it("warns about rows already in the garden, leaves them out, and never adds the same rows twice", async () => {
    const csv =
      "First Name,Middle Name,Last Name,Date of Loss,Flower Type\nDroppedA,,S,March 2020,Pink Rose\nDroppedB,,,,lily\nDroppedC,Hope,T,2019,Forget Me Not\n";
    await dropFile(page, "garden-again.csv", "text/csv", csv);
    await expect.poll(() => page.getByText("3 rows match flowers already in the garden").isVisible()).toBe(true);
    expect(await page.getByText(": same names, date of loss and flower.").isVisible()).toBe(true);
    expect(await page.getByLabel("Skip them when uploading").isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Upload 3 flowers" }).click();
    await expect.poll(() => page.getByText("Every row is already in the garden, so there is nothing to upload.").isVisible()).toBe(true);

    // A new row: uploaded, then the warning says it is in the garden now; sent again anyway, it is not added twice.
    await dropFile(page, "new-row.csv", "text/csv", "First Name,Flower Type\nDroppedTwice,Lily\n");
    await page.getByRole("button", { name: "Upload 1 flower" }).click();
    await expect.poll(() => page.getByText("Successfully uploaded 1 memorial flower.").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("1 row matches a flower already in the garden").isVisible()).toBe(true);
    await page.getByLabel("Skip it when uploading").uncheck();
    await page.getByRole("button", { name: "Upload 1 flower" }).click();
    await expect.poll(() => page.getByText("This row was uploaded already, so nothing was added again.").isVisible()).toBe(true);
    const flowers = await adminItems<{ id: number; babyFirstName: string }>(admin, "/api/admin/memorial-flowers");
    const twice = flowers.filter((f) => f.babyFirstName === "DroppedTwice");
    expect(twice).toHaveLength(1);

    // The garden and the screen as the test before left them, for the next.
    expect((await admin.delete(`/api/admin/memorial-flowers/${twice[0]!.id}`)).status).toBe(200);
    await dropFile(page, "one.csv", "text/csv", "First Name,Flower Type\nSolo,Lily\n");
    await expect.poll(() => page.getByRole("button", { name: "Upload 1 flower" }).isVisible()).toBe(true);
  });

  it("a bulk update of a downloaded garden lists a flower someone changed since, and skips it or overwrites it as chosen", async () => {
    const file = await (await admin.get("/api/admin/memorial-flowers/export.csv")).text();
    const flowers = await adminItems<{ id: number; babyFirstName: string; version: number }>(admin, "/api/admin/memorial-flowers");
    const a = flowers.find((f) => f.babyFirstName === "DroppedA")!;
    const b = flowers.find((f) => f.babyFirstName === "DroppedB")!;
    // Another volunteer changes DroppedB in the web admin meanwhile.
    const edit = await admin.put(
      `/api/admin/memorial-flowers/${b.id}`,
      { babyFirstName: "DroppedB", babyLastName: "Edited", flowerType: "lily" },
      { "If-Match": `"${b.version}"` },
    );
    expect(edit.status).toBe(200);
    const mine = file.replace(`${a.id},DroppedA,,S,`, `${a.id},DroppedA,,Smith,`);
    expect(mine).not.toBe(file);
    const lastName = async (id: number) =>
      (await adminItems<{ id: number; babyLastName: string | null }>(admin, "/api/admin/memorial-flowers")).find((f) => f.id === id)!.babyLastName;

    await page.getByRole("radio", { name: /Bulk update/ }).check();
    await dropFile(page, "garden-of-remembrance.csv", "text/csv", mine);
    const rows = file.trimEnd().split("\r\n").length - 1;
    await page.getByRole("button", { name: `Update ${rows} flowers` }).click();
    const held = page.getByRole("alert", { name: "Flowers changed since your download" });
    await expect.poll(() => held.isVisible()).toBe(true);
    expect(await held.textContent()).toContain(`The flower with the ID ${b.id} was changed or deleted after this file was downloaded`);
    const row = held.getByRole("row").filter({ has: page.getByRole("rowheader", { name: String(b.id) }) });
    expect(await row.getByRole("cell").allTextContents()).toEqual(["Last Name", "Edited", "(empty)"]);
    expect(await axeViolations(page)).toEqual([]);
    expect([await lastName(a.id), await lastName(b.id)]).toEqual(["S", "Edited"]);

    await held.getByRole("button", { name: "Skip this row, update the rest" }).click();
    await expect.poll(() => page.getByText(`Left out: ID ${b.id}.`, { exact: false }).isVisible()).toBe(true);
    expect([await lastName(a.id), await lastName(b.id)]).toEqual(["Smith", "Edited"]);

    await page.getByRole("button", { name: `Update ${rows} flowers` }).click();
    await expect.poll(() => held.isVisible()).toBe(true);
    await held.getByRole("button", { name: "Overwrite with my file" }).click();
    await expect.poll(() => page.getByText(/was overwritten with your file\./).isVisible()).toBe(true);
    expect([await lastName(a.id), await lastName(b.id)]).toEqual(["Smith", null]);
    // Back as the next test expects the window: upload mode, the one-row file.
    await page.getByRole("radio", { name: /Bulk upload/ }).check();
    await dropFile(page, "one.csv", "text/csv", "First Name,Flower Type\nSolo,Lily\n");
  });

  it("checks the strict rules, and resets only after a confirmation that says everything will be deleted", async () => {
    await page.getByLabel(/Reset and import/).check();
    // The strict reading runs in the window's worker: its answer comes a moment later.
    await expect.poll(() => page.getByText("Invalid", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Expected exactly 823 memorial flower entries, but found 1").isVisible()).toBe(true);
    await page.getByLabel("Admin Key (Required)").fill("parish-key-1");
    // An invalid file: the reset button is not offered at all.
    expect(await page.getByRole("button", { name: "Reset and import..." }).count()).toBe(0);

    // The system dialog (main reads the chosen file; the page never names a path).
    await page.getByRole("button", { name: "Choose CSV file..." }).click();
    await expect.poll(() => page.getByText("Valid", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("823 memorial flower entries ready to import.").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Reset and import..." }).click();
    const dialog = page.getByRole("dialog", { name: "Delete ALL flowers and comments?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toMatch(/deletes ALL existing memorial flowers and ALL their comments.*823 flowers.*cannot be undone.*backup/);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    let flowers = await adminItems<unknown>(admin, "/api/admin/memorial-flowers");
    expect(flowers.length).toBe(3);

    await page.getByRole("button", { name: "Reset and import..." }).click();
    await dialog.getByRole("button", { name: "Delete all and import" }).click();
    await expect.poll(() => page.getByText(/Import Successful: Successfully imported 823 memorial flowers/).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByText(/3 flowers and 0 comments were deleted first/).isVisible()).toBe(true);
    flowers = await adminItems<unknown>(admin, "/api/admin/memorial-flowers");
    expect(flowers.length).toBe(823);

    // A new file clears the import's result too.
    await dropFile(page, "next.csv", "text/csv", "First Name,Middle Name,Last Name,Date of Loss,Flower Type\nA,,B,,Lily\n");
    await expect.poll(() => page.getByText("Expected exactly 823 memorial flower entries, but found 1").isVisible()).toBe(true);
    expect(await page.getByText(/Import Successful/).count()).toBe(0);
  });

  it("downloads for review, asks once before a decline, decides offline, syncs, and shows a conflict", async () => {
    const t = await seedTestimonial(admin, "Miriam");
    const f = await seedFlower(admin, "Rosalind");
    await page.getByRole("tab", { name: "Review" }).click();
    await page.getByRole("button", { name: "Download for review" }).click();
    await expect.poll(() => page.getByRole("article", { name: "Miriam Karlsson" }).isVisible()).toBe(true);
    expect(await page.getByRole("article", { name: "Rosalind S" }).isVisible()).toBe(true);
    expect(await page.getByText("parent@example.org").count()).toBe(0);
    await shot("review");

    net.offline = true;
    await page.getByRole("article", { name: "Miriam Karlsson" }).getByRole("button", { name: "Approve" }).click();
    // A decline asks first: Cancel keeps the item as it was.
    await page.getByRole("article", { name: "Rosalind S" }).getByRole("button", { name: "Decline" }).click();
    const ask = page.getByRole("dialog", { name: "Decline this memorial flower?" });
    await expect.poll(() => ask.isVisible()).toBe(true);
    expect(await ask.textContent()).toMatch(/permanently deleted when your decisions are sent/);
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => page.getByTestId("queued-count").textContent()).toBe("1 decision queued");
    expect(await page.getByRole("article", { name: "Rosalind S" }).isVisible()).toBe(true);
    await page.getByRole("article", { name: "Rosalind S" }).getByRole("button", { name: "Decline" }).click();
    await ask.getByRole("button", { name: "Decline" }).click();
    await expect.poll(() => page.getByTestId("queued-count").textContent()).toBe("2 decisions queued");
    expect(await page.getByRole("heading", { name: "Waiting to be sent (2)" }).isVisible()).toBe(true);
    expect(await page.getByRole("article", { name: "Miriam Karlsson" }).count()).toBe(0);

    await page.getByRole("button", { name: "Sync now" }).click();
    await expect.poll(() => page.getByText("Offline", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("The server cannot be reached. Your decisions are kept and will be sent later.");
    // Nothing was sent, so no "Sent 0"; nothing left this computer, so both can still be undone.
    expect(await page.getByText(/^Sent /).count()).toBe(0);
    expect(await page.getByText("being checked").count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Undo:/ }).count()).toBe(2);
    expect(await page.getByTestId("last-sync").textContent()).toBe("Last sync: not yet");

    // Meanwhile, someone approves the flower in the web admin.
    expect((await admin.post(`/api/admin/memorial-flowers/${f}/approve`)).status).toBe(200);
    net.offline = false;
    await page.getByRole("button", { name: "Sync now" }).click();
    await expect.poll(() => page.getByTestId("queued-count").textContent()).toBe("0 decisions queued");
    await expect.poll(() => page.getByRole("heading", { name: "Needs your attention" }).isVisible()).toBe(true);
    const conflict = page.getByTestId("conflict");
    expect(await conflict.textContent()).toMatch(
      /Decline.*Lily for Rosalind S\..*This memorial flower was changed by someone else since you reviewed it, so your decision was not applied\..*it is live/,
    );
    expect(await page.getByText("1 decision needs your attention").isVisible()).toBe(true);
    expect(await page.getByText("Sent 1 decision, 1 conflict").isVisible()).toBe(true);
    expect(await page.getByText("This item changed on the server after you reviewed it").isVisible()).toBe(true);
    expect(await page.getByTestId("last-sync").textContent()).not.toBe("Last sync: not yet");
    expect(await page.getByText("Online", { exact: true }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shot("conflict");

    const testimonials = await adminItems<{ id: number; approved: boolean }>(admin, "/api/admin/testimonials");
    expect(testimonials.find((x) => x.id === t)).toMatchObject({ approved: true });
    const flowers = await adminItems<{ id: number; approved: boolean }>(admin, "/api/admin/memorial-flowers");
    expect(flowers.find((x) => x.id === f)).toMatchObject({ approved: true });

    await conflict.getByRole("button", { name: "Discard my decision" }).click();
    await expect.poll(() => page.getByTestId("conflict").count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it("asks to sign in again when the session ended, and the request goes away once signed in and sent", async () => {
    const t = await seedTestimonial(admin, "Tabitha");
    await page.getByRole("button", { name: "Download for review" }).click();
    await expect.poll(() => page.getByRole("article", { name: "Tabitha Karlsson" }).isVisible()).toBe(true);
    await page.getByRole("article", { name: "Tabitha Karlsson" }).getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => page.getByTestId("queued-count").textContent()).toBe("1 decision queued");
    // The session ends on the server (expired or revoked).
    await endEverySession(server);
    await admin.login("volunteer", "correct horse battery");
    await page.getByRole("button", { name: "Sync now" }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toBe("Please sign in again to send your decisions. Nothing is lost.");

    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(() => page.getByTestId("queued-count").textContent()).toBe("0 decisions queued");
    await expect.poll(() => page.getByText("Please sign in again to send your decisions. Nothing is lost.").count()).toBe(0);
    expect(await page.getByRole("alert").count()).toBe(0);
    const testimonials = await adminItems<{ id: number; approved: boolean }>(admin, "/api/admin/testimonials");
    expect(testimonials.find((x) => x.id === t)).toMatchObject({ approved: true });
  });

  it("shows sent decisions as one closed summary with Clear all", async () => {
    const names = ["Sent One", "Sent Two", "Sent Three", "Sent Four"];
    for (const name of names) await seedTestimonial(admin, name);
    await page.getByRole("button", { name: "Download for review" }).click();
    for (const name of names) {
      await expect.poll(() => page.getByRole("article", { name: `${name} Karlsson` }).isVisible()).toBe(true);
      await page
        .getByRole("article", { name: `${name} Karlsson` })
        .getByRole("button", { name: "Approve" })
        .click();
    }
    await page.getByRole("button", { name: "Sync now" }).click();
    await expect.poll(() => page.getByTestId("queued-count").textContent()).toBe("0 decisions queued");
    const sent = page.getByTestId("sent");
    await expect.poll(() => sent.isVisible()).toBe(true);
    // Closed by default: one line, whatever the number; no Clear button per decision.
    expect(await sent.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    // Earlier tests sent two more (Miriam's and Tabitha's approvals).
    expect(await page.getByRole("heading", { name: "Sent (6)" }).isVisible()).toBe(true);
    expect(await page.getByText("Show the 6 sent decisions").isVisible()).toBe(true);
    expect(await page.getByText("Approved · Testimonial by Sent One K.").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: /^Clear: / }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Clear all" }).count()).toBe(1);
    await page.getByText("Show the 6 sent decisions").click();
    expect(await page.getByText("Approved · Testimonial by Sent One K.").isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Clear all" }).click();
    await expect.poll(() => page.getByTestId("sent").count()).toBe(0);
  });

  it("reopens the review copy after a restart while offline, without a sign-in, and asks for one only to send", async () => {
    const t = await seedTestimonial(admin, "Naomi");
    await page.getByRole("button", { name: "Download for review" }).click();
    await expect.poll(() => page.getByRole("article", { name: "Naomi Karlsson" }).isVisible()).toBe(true);
    net.offline = true;
    await restart();
    // No keyring: the sign-in was not kept; the copy and the queue open all the same, saying whose they are.
    await expect.poll(() => page.getByTestId("copy-owner").textContent()).toBe(`Not signed in · review copy of volunteer from ${server.url}`);
    expect(await page.getByText("Offline", { exact: true }).isVisible()).toBe(true);
    await page.getByRole("article", { name: "Naomi Karlsson" }).getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => page.getByTestId("queued-count").textContent()).toBe("1 decision queued");
    expect(await page.getByRole("button", { name: /^Undo:/ }).count()).toBe(1);
    expect(await page.getByRole("tab", { name: "CSV import" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot("offline-copy");

    // Sending needs a sign-in: the form comes prefilled with the copy's server and volunteer.
    await page.getByRole("button", { name: "Sign in to send" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Sign in" }).isVisible()).toBe(true);
    expect(await page.getByLabel("Server address").inputValue()).toBe(server.url);
    expect(await page.getByLabel("Username").inputValue()).toBe("volunteer");
    await page.getByRole("button", { name: "Back to the review copy" }).click();
    await expect.poll(() => page.getByTestId("copy-owner").isVisible()).toBe(true);

    net.offline = false;
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(() => page.getByText("Signed in as volunteer").isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("queued-count").textContent()).toBe("0 decisions queued");
    const testimonials = await adminItems<{ id: number; approved: boolean }>(admin, "/api/admin/testimonials");
    expect(testimonials.find((x) => x.id === t)).toMatchObject({ approved: true });
  });

  it("another volunteer signing in sees whose decisions wait; they go only once their maker signs in", async () => {
    const t = await seedTestimonial(admin, "Lydia");
    await page.getByRole("button", { name: "Download for review" }).click();
    await expect.poll(() => page.getByRole("article", { name: "Lydia Karlsson" }).isVisible()).toBe(true);
    net.offline = true;
    await page.getByRole("article", { name: "Lydia Karlsson" }).getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => page.getByTestId("queued-count").textContent()).toBe("1 decision queued");
    await restart();
    net.offline = false;
    await page.getByRole("button", { name: "Sign in to send" }).click();
    await page.getByLabel("Username").fill("second");
    await page.getByLabel("Password").fill("second volunteer password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(() => page.getByText("Signed in as second").isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("others-waiting").textContent()).toBe("1 decision by volunteer is waiting for volunteer to sign in.");
    expect(await page.getByTestId("queued-count").textContent()).toBe("0 decisions queued");
    expect(await page.getByRole("button", { name: /^Undo:/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    const pending = async () => (await json<{ approved: boolean }>(await admin.get(`/api/admin/testimonials/${t}`))).approved;
    expect(await pending()).toBe(false);

    // Second's session ends; volunteer signs in on the form that comes back, and her decision goes.
    await endEverySession(server);
    await admin.login("volunteer", "correct horse battery");
    await page.getByRole("button", { name: "Download for review" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Sign in" }).isVisible()).toBe(true);
    await page.getByLabel("Username").fill("volunteer");
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(() => page.getByText("Signed in as volunteer").isVisible()).toBe(true);
    await expect.poll(() => pending()).toBe(true);
    await expect.poll(() => page.getByTestId("others-waiting").count()).toBe(0);
    const log = await adminItems<{ actor: string; kind: string; itemId: number }>(admin, "/api/admin/activity");
    expect(log.filter((e) => e.kind === "testimonial" && e.itemId === t).map((e) => e.actor)).toEqual(["volunteer"]);
  });

  it("sign-out warns about unsent decisions, then removes the review copy from this computer", async () => {
    await seedTestimonial(admin, "Priscilla");
    await page.getByRole("button", { name: "Download for review" }).click();
    await expect.poll(() => page.getByRole("article", { name: "Priscilla Karlsson" }).isVisible()).toBe(true);
    await page.getByRole("article", { name: "Priscilla Karlsson" }).getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => page.getByTestId("queued-count").textContent()).toBe("1 decision queued");

    await page.getByRole("button", { name: "Sign out" }).click();
    const warn = page.getByRole("dialog", { name: "Remove the review copy and unsent decisions?" });
    await expect.poll(() => warn.isVisible()).toBe(true);
    expect(await warn.textContent()).toMatch(/You have 1 decision not sent yet\. Signing out removes it and the downloaded items from this computer/);
    await warn.getByRole("button", { name: "Cancel" }).click();
    expect(await page.getByText("Signed in as volunteer").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Sign out" }).click();
    await warn.getByRole("button", { name: "Sign out and remove" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Sign in" }).isVisible()).toBe(true);
    expect(await page.getByTestId("queued-count").textContent()).toBe("0 decisions queued");
    expect(fs.existsSync(path.join(dataDir, "review.json"))).toBe(false);
    const onDisk = fs
      .readdirSync(dataDir)
      .map((name) => fs.readFileSync(path.join(dataDir, name), "utf8"))
      .join("\n");
    expect(onDisk).not.toContain("Priscilla");
    expect(consoleErrors).toEqual([]);
  });
});
