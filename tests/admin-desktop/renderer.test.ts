/**
 * The desktop renderer in Debian's Chromium, with `window.desktop` bridged
 * (page.exposeFunction) to the REAL main-process handlers and service, which
 * talk to the real server on a random port. Only Electron itself is absent:
 * the preload's job (one function per channel) is done by the init script.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "vite";
import react from "@vitejs/plugin-react";
import type { Browser, Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import { startTestServer, ROOT, SAMPLE_DATA, type TestServer } from "../support/testServer";
import { launchBrowser, newPage } from "../support/browser";
import { Client, json } from "../support/client";
import { createHandlers } from "../../admin-desktop/main/handlers";
import { DesktopService } from "../../admin-desktop/main/service";
import { Ch, type DesktopEvent, type InvokeChannel } from "../../admin-desktop/ipc";
import { seedFlower, seedTestimonial, switchableFetch, tempDir, testEncryptor } from "./support";

let server: TestServer;
let admin: Client;
let browser: Browser;
let page: Page;
let staticServer: http.Server;
let appUrl: string;
const net = switchableFetch();
const consoleErrors: string[] = [];

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };

/** Serves the built renderer from 127.0.0.1, nothing else. */
function serve(dir: string): Promise<http.Server> {
  const srv = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = path.join(dir, rel === "/" ? "index.html" : rel);
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => srv.listen(0, "127.0.0.1", () => resolve(srv)));
}

beforeAll(async () => {
  server = await startTestServer({ adminImportKey: "parish-key-1" });
  await server.createUser("volunteer", "correct horse battery");
  await server.createUser("plain", "plain user password", "user");
  admin = new Client(server.url);
  await admin.login("volunteer", "correct horse battery");

  const outDir = tempDir("garden-renderer-");
  await build({
    configFile: false,
    root: path.join(ROOT, "admin-desktop/renderer"),
    base: "./",
    plugins: [react()],
    logLevel: "error",
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  staticServer = await serve(outDir);
  appUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}/`;

  const service = new DesktopService({
    dataDir: tempDir(),
    encryptor: testEncryptor({ backend: "basic_text" }),
    platform: "linux",
    fetch: net.fetch,
    // What the system open dialog would answer: the sample file with the 823 entries.
    chooseCsvFile: async () => path.join(SAMPLE_DATA, "garden-823.csv"),
    emit: (event: DesktopEvent) =>
      void page?.evaluate((e) => (window as unknown as { __desktopEmit?(e: unknown): void }).__desktopEmit?.(e), event).catch(() => undefined),
  });
  const handlers = createHandlers(service);

  browser = await launchBrowser();
  ({ page } = await newPage(browser, appUrl));
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  page.on("pageerror", (e) => consoleErrors.push(e.message));
  await page.exposeFunction("__desktopInvoke", (channel: InvokeChannel, payload: unknown) => handlers[channel](payload));
  const names = Object.keys(Ch).filter((n) => n !== "event");
  await page.addInitScript((channels: string[]) => {
    const listeners = new Set<(e: unknown) => void>();
    const w = window as unknown as Record<string, unknown> & { __desktopInvoke(c: string, p: unknown): Promise<unknown> };
    w.__desktopEmit = (e: unknown) => listeners.forEach((l) => l(e));
    const api: Record<string, unknown> = {};
    for (const name of channels) api[name] = (arg?: unknown) => w.__desktopInvoke(name, arg);
    api.onEvent = (listener: (e: unknown) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    };
    w.desktop = Object.freeze(api);
  }, names);
  await page.goto(appUrl);
});

afterAll(async () => {
  await browser?.close();
  staticServer?.close();
  await server?.stop();
});

/** Drops a file on the CSV drop zone as a person dragging it from their desktop would. */
async function dropFile(p: Page, name: string, type: string, text: string) {
  const transfer = await p.evaluateHandle(
    ([n, t, body]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([body], n, { type: t }));
      return dt;
    },
    [name, type, text] as const,
  );
  await p.getByTestId("dropzone").dispatchEvent("drop", { dataTransfer: transfer });
}

async function axe(p: Page) {
  const result = await new AxeBuilder({ page: p }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("desktop renderer against the real main-process modules", () => {
  it("signs in (refusing a non-admin account) and keeps the password out of the page", async () => {
    await expect.poll(() => page.getByRole("heading", { name: "Sign in" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("queued-count").textContent()).toBe("0 decisions queued");
    expect(await page.getByText("This computer has no safe place to keep a sign-in").isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);

    await page.getByLabel("Server address").fill(server.url);
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

  it("previews a dropped CSV row by row and uploads the valid rows", async () => {
    await page.getByRole("tab", { name: "CSV import" }).click();
    await dropFile(page, "notes.txt", "text/plain", "hello");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Invalid File: Please select a CSV file.");

    const csv =
      "First Name,Middle Name,Last Name,Date of Loss,Flower Type\nDroppedA,,S,March 2020,Pink Rose\nDroppedB,,,,lily\n,,Nobody,,tulip\nDroppedC,Hope,T,2019,Forget Me Not\n";
    await dropFile(page, "garden.csv", "text/csv", csv);
    await expect.poll(() => page.getByText("Preview of the rows: 3 valid, 1 invalid").isVisible()).toBe(true);
    expect(await page.getByRole("row", { name: /Row 3: Missing First Name/ }).isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);

    await page.getByRole("button", { name: "Upload 3 flowers" }).click();
    await expect.poll(() => page.getByText("Operation completed successfully! Memorial flowers have been processed.").isVisible()).toBe(true);
    expect(await page.getByText(/Successfully uploaded 3 memorial flowers\. 1 invalid row was left out\./).isVisible()).toBe(true);
    const flowers = await json<{ babyFirstName: string; approved: boolean }[]>(await admin.get("/api/admin/memorial-flowers"));
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
  });

  it("checks the strict rules, and resets only after a confirmation that says everything will be deleted", async () => {
    await page.getByLabel(/Reset and import/).check();
    expect(await page.getByText("Invalid", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Expected exactly 823 memorial flower entries, but found 4").isVisible()).toBe(true);
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
    expect(await dialog.textContent()).toMatch(/deletes ALL existing memorial flowers and ALL their comments.*823.*cannot be undone.*backup/);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    let flowers = await json<unknown[]>(await admin.get("/api/admin/memorial-flowers"));
    expect(flowers.length).toBe(3);

    await page.getByRole("button", { name: "Reset and import..." }).click();
    await dialog.getByRole("button", { name: "Delete all and import" }).click();
    await expect.poll(() => page.getByText(/Import Successful: Successfully imported 823 memorial flowers/).isVisible(), { timeout: 30_000 }).toBe(true);
    flowers = await json<unknown[]>(await admin.get("/api/admin/memorial-flowers"));
    expect(flowers.length).toBe(823);
  });

  it("downloads for review, decides offline, syncs, and shows a conflict", async () => {
    const t = await seedTestimonial(admin, "Miriam");
    const f = await seedFlower(admin, "Rosalind");
    await page.getByRole("tab", { name: "Review" }).click();
    await page.getByRole("button", { name: "Download for review" }).click();
    await expect.poll(() => page.getByRole("article", { name: "Miriam Karlsson" }).isVisible()).toBe(true);
    expect(await page.getByRole("article", { name: "Rosalind S" }).isVisible()).toBe(true);
    expect(await page.getByText("parent@example.org").count()).toBe(0);

    net.offline = true;
    await page.getByRole("article", { name: "Miriam Karlsson" }).getByRole("button", { name: "Approve" }).click();
    await page.getByRole("article", { name: "Rosalind S" }).getByRole("button", { name: "Decline" }).click();
    await expect.poll(() => page.getByTestId("queued-count").textContent()).toBe("2 decisions queued");
    expect(await page.getByRole("heading", { name: "Waiting to be sent (2)" }).isVisible()).toBe(true);
    expect(await page.getByRole("article", { name: "Miriam Karlsson" }).count()).toBe(0);

    await page.getByRole("button", { name: "Sync now" }).click();
    await expect.poll(() => page.getByText("Offline", { exact: true }).isVisible()).toBe(true);
    expect(
      await page
        .getByText(/cannot be reached/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await page.getByTestId("last-sync").textContent()).toBe("Last sync: not yet");

    // Meanwhile, someone approves the flower in the web admin.
    expect((await admin.post(`/api/admin/memorial-flowers/${f}/approve`)).status).toBe(200);
    net.offline = false;
    await page.getByRole("button", { name: "Sync now" }).click();
    await expect.poll(() => page.getByTestId("queued-count").textContent()).toBe("0 decisions queued");
    await expect.poll(() => page.getByRole("heading", { name: "Needs your attention" }).isVisible()).toBe(true);
    const conflict = page.getByTestId("conflict");
    expect(await conflict.textContent()).toMatch(/Decline.*Lily for Rosalind S\..*changed by someone else.*it is live/);
    expect(await page.getByTestId("last-sync").textContent()).not.toBe("Last sync: not yet");
    expect(await page.getByText("Online", { exact: true }).isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);

    const testimonials = await json<{ id: number; approved: boolean }[]>(await admin.get("/api/admin/testimonials"));
    expect(testimonials.find((x) => x.id === t)).toMatchObject({ approved: true });
    const flowers = await json<{ id: number; approved: boolean }[]>(await admin.get("/api/admin/memorial-flowers"));
    expect(flowers.find((x) => x.id === f)).toMatchObject({ approved: true });

    await conflict.getByRole("button", { name: "Discard my decision" }).click();
    await expect.poll(() => page.getByTestId("conflict").count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
