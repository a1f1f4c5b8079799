/**
 * Launches the BUILT desktop app with Playwright's Electron driver and signs
 * in against the real server. Runs wherever an Electron binary exists
 * (ELECTRON_PATH, or node_modules/electron with its downloaded dist/); else
 * it prints one line and is skipped. When it runs, a start failure fails it.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { _electron as electron, type ElectronApplication, type Page } from "playwright-core";
import { ROOT, startTestServer, type TestServer } from "../support/testServer";
import { DESKTOP_OUT as OUT } from "../support/desktopBuild";
import { tempDir } from "./support";

/** The Electron binary: ELECTRON_PATH, else the one `npm install electron` downloaded (listed in path.txt). */
function electronBinary(): string | null {
  if (process.env.ELECTRON_PATH) return fs.existsSync(process.env.ELECTRON_PATH) ? process.env.ELECTRON_PATH : null;
  const pathFile = path.join(ROOT, "node_modules/electron/path.txt");
  const relative = fs.existsSync(pathFile) ? fs.readFileSync(pathFile, "utf8").trim() : process.platform === "linux" ? "electron" : "";
  const candidate = relative ? path.join(ROOT, "node_modules/electron/dist", relative) : "";
  return candidate && fs.existsSync(candidate) ? candidate : null;
}

const binary = electronBinary();
if (!binary)
  console.log("Electron launch test skipped: no Electron binary (set ELECTRON_PATH or run node node_modules/electron/install.js where downloads work)");

describe.skipIf(!binary)("the built desktop app (Electron)", () => {
  let server: TestServer;
  let app: ElectronApplication;
  let win: Page;

  // The bundle in OUT is built once per run, before this file (tests/support/desktopBuild.ts).
  beforeAll(async () => {
    server = await startTestServer();
    await server.createUser("volunteer", "correct horse battery");
    const args = [path.join(OUT, "main/index.js")];
    // Chromium refuses its OS sandbox as root (containers, CI); the window's own sandbox option is unaffected.
    if (process.platform === "linux" && process.getuid?.() === 0) args.unshift("--no-sandbox");
    app = await electron.launch({
      executablePath: binary!,
      args,
      cwd: ROOT,
      env: { ...process.env, GARDEN_DESKTOP_USER_DATA: tempDir("garden-electron-"), ELECTRON_RENDERER_URL: "" },
      timeout: 60_000,
    });
    win = await app.firstWindow({ timeout: 60_000 });
  }, 240_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await server?.stop();
  });

  it("opens a hardened window (no Node in the page, strict CSP) with the narrow preload API only", async () => {
    const url = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.getURL());
    expect(url).toBe("app://bundle/index.html");
    const page = await win.evaluate(() => ({
      api: Object.keys((window as unknown as { desktop: object }).desktop).sort(),
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
      csp: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content") ?? "",
    }));
    // nodeIntegration off and sandboxed: no Node in the page; the strict CSP is in place.
    expect(page.csp).toContain("default-src 'none'");
    expect(page.csp).toContain("script-src 'self'");
    expect(page.require).toBe("undefined");
    expect(page.process).toBe("undefined");
    expect(page.api).toContain("signIn");
    expect(page.api).not.toContain("invoke");
    // New windows are refused (a non-web address, so no system browser opens during the test).
    await win.evaluate(() => window.open("file:///etc/hostname"));
    expect(app.windows()).toHaveLength(1);
  });

  it("signs in against the real server", async () => {
    await win.getByLabel("Server address").fill(server.url);
    await win.getByLabel("Username").fill("volunteer");
    await win.getByLabel("Password").fill("correct horse battery");
    await win.getByRole("button", { name: "Sign in" }).click();
    await win.getByText("Signed in as volunteer").waitFor({ timeout: 20_000 });
    expect(await win.getByText("Online", { exact: true }).isVisible()).toBe(true);
  });
});
