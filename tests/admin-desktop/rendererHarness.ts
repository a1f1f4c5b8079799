/**
 * The desktop window in Debian's Chromium with `window.desktop` bridged (page.exposeFunction) to the
 * REAL main-process handlers and service, which talk to the real server. Only Electron is absent: the
 * preload's job (one function per channel) is done by an init script. The built renderer is served
 * from 127.0.0.1. `restart()` is a new main on the same data folder and the window loaded afresh.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newPage } from "../support/browser";
import { DESKTOP_OUT } from "../support/desktopBuild";
import { createHandlers } from "../../admin-desktop/main/handlers";
import { DesktopService, type ServiceDeps } from "../../admin-desktop/main/service";
import { Ch, type DesktopEvent, type InvokeChannel } from "../../admin-desktop/ipc";
import { tempDir, testEncryptor } from "./support";

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };

export interface DesktopWindow {
  page: Page;
  dataDir: string;
  service: DesktopService;
  /** Closes and reopens the app on the same data folder. */
  restart(): Promise<DesktopService>;
  close(): Promise<void>;
}

type Options = Partial<Omit<ServiceDeps, "dataDir" | "emit">> & { viewport?: { width: number; height: number } };

export async function openDesktopWindow(options: Options = {}): Promise<DesktopWindow> {
  const { viewport = { width: 1280, height: 800 }, ...deps } = options;
  const dataDir = tempDir();
  const { server: files, url: appUrl } = await serveRenderer();
  const browser: Browser = await launchBrowser();
  const { page } = await newPage(browser, appUrl, { viewport });
  let handlers: ReturnType<typeof createHandlers>;
  const startMain = () => {
    const service = new DesktopService({
      encryptor: testEncryptor({ backend: "basic_text" }),
      platform: "linux",
      ...deps,
      dataDir,
      emit: (event: DesktopEvent) =>
        void page.evaluate((e) => (window as unknown as { __desktopEmit?(e: unknown): void }).__desktopEmit?.(e), event).catch(() => undefined),
    });
    handlers = createHandlers(service);
    return service;
  };
  const win: DesktopWindow = {
    page,
    dataDir,
    service: startMain(),
    async restart() {
      win.service.close();
      win.service = startMain();
      await win.service.init();
      await win.service.checkConnection();
      await page.reload();
      return win.service;
    },
    async close() {
      await browser.close();
      files.close();
    },
  };
  await bridgeWindow(page, () => handlers);
  await page.goto(appUrl);
  return win;
}

/** Drops a file on the CSV drop zone as a person dragging it from their desktop would. */
export async function dropFile(page: Page, name: string, type: string, text: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    ([n, t, body]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([body], n, { type: t }));
      return dt;
    },
    [name, type, text] as const,
  );
  await page.getByTestId("dropzone").dispatchEvent("drop", { dataTransfer: transfer });
}

/** Drops a file of these exact bytes (a Windows-1252 or UTF-16 file, say) on the CSV drop zone. */
export async function dropBytes(page: Page, name: string, type: string, bytes: Buffer): Promise<void> {
  const transfer = await page.evaluateHandle(
    ([n, t, base64]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], n, { type: t }));
      return dt;
    },
    [name, type, bytes.toString("base64")] as const,
  );
  await page.getByTestId("dropzone").dispatchEvent("drop", { dataTransfer: transfer });
}

/**
 * Does the preload's job in the page: `window.desktop` with one function per channel, each calling the
 * main-process handler that `current()` names at the time of the call (a restart swaps them).
 */
export async function bridgeWindow(page: Page, current: () => ReturnType<typeof createHandlers>): Promise<void> {
  await page.exposeFunction("__desktopInvoke", (channel: InvokeChannel, payload: unknown) => current()[channel](payload));
  await page.addInitScript(
    (channels: string[]) => {
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
    },
    Object.keys(Ch).filter((n) => n !== "event"),
  );
}

/** The built renderer served from 127.0.0.1, and its address. */
export async function serveRenderer(): Promise<{ server: http.Server; url: string }> {
  const server = await serve(path.join(DESKTOP_OUT, "renderer"));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

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
