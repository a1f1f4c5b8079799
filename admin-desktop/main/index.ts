/**
 * The desktop app's main process: Electron wiring only. The logic lives in
 * service.ts and its modules, which run (and are tested) without Electron.
 */
import fs from "node:fs";
import path from "node:path";
import type * as UpdaterModuleNs from "electron-updater";
import { app, dialog, Menu, safeStorage, shell, type BrowserWindow } from "electron";
import { Ch, type DesktopEvent } from "../ipc";
import { createHandlers } from "./handlers";
import { aboutText, menuTemplate, PRODUCT_NAME } from "./menu";
import { denyAllPermissions, registerIpc } from "./security";
import { DesktopService } from "./service";
import { createMainWindow, rendererLocation } from "./windows";
import { registerAppScheme, serveRenderer } from "./protocol";
import { RotatingLog } from "./log";
import { CorruptFileError, damagedFileAdvice } from "./store/atomicFile";

const mainDir = import.meta.dirname;
// Tests (and a second profile) point the data folder elsewhere before anything reads it.
if (process.env.GARDEN_DESKTOP_USER_DATA) app.setPath("userData", path.resolve(process.env.GARDEN_DESKTOP_USER_DATA));

// One process per data folder: two would write the same queue.
if (!app.requestSingleInstanceLock()) app.quit();
registerAppScheme();
const log = new RotatingLog(app.getPath("userData"));

let win: BrowserWindow | null = null;

function send(event: DesktopEvent): void {
  if (win && !win.isDestroyed()) win.webContents.send(Ch.event, event);
}

async function start(): Promise<void> {
  log.info("start", { version: app.getVersion(), platform: process.platform, packaged: app.isPackaged });
  denyAllPermissions();
  let service: DesktopService;
  try {
    service = new DesktopService({
      dataDir: app.getPath("userData"),
      encryptor: safeStorage,
      // Node's fetch (not Electron's net): it sends no Origin and shares no cookie store with any window.
      fetch: globalThis.fetch,
      chooseCsvFile: async () => {
        const options = { title: "Choose a CSV file", properties: ["openFile" as const], filters: [{ name: "CSV files", extensions: ["csv"] }] };
        const picked = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
        return picked.canceled ? null : (picked.filePaths[0] ?? null);
      },
      chooseSavePath: async (defaultName) => {
        const options = { title: "Save the CSV template", defaultPath: defaultName, filters: [{ name: "CSV files", extensions: ["csv"] }] };
        const saved = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
        return saved.canceled ? null : (saved.filePath ?? null);
      },
      openExternal: (url) => shell.openExternal(url),
      emit: send,
      log,
    });
  } catch (error) {
    // A corrupt queue file is never silently replaced: the volunteer's decisions may be in it.
    log.error("data-unreadable", error);
    const folder = app.getPath("userData");
    const text = error instanceof CorruptFileError ? damagedFileAdvice(error, folder) : `${String(error)}\n\nFolder: ${folder}`;
    dialog.showErrorBox("The app could not open its data", text);
    app.quit();
    return;
  }
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        packaged: app.isPackaged,
        platform: process.platform,
        about: () => {
          const options = { type: "info" as const, title: `About ${PRODUCT_NAME}`, message: aboutText(app.getVersion(), service.status().serverUrl) };
          void (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options));
        },
        openLogFolder: () => {
          fs.mkdirSync(log.dir, { recursive: true });
          void shell.openPath(log.dir);
        },
      }),
    ),
  );
  const renderer = rendererLocation(mainDir, app.isPackaged || !process.env.ELECTRON_RENDERER_URL);
  registerIpc(
    createHandlers(service, (error) => log.error("handler-failed", error)),
    renderer,
  );
  serveRenderer(renderer.dir);
  win = createMainWindow(mainDir, renderer);
  await service.init();
  void checkForUpdates();
  void service.checkConnection();
  // Online/offline for the status bar; coming back online with work queued starts a (debounced) sync.
  const timer = setInterval(() => void service.checkConnection(), 15_000);
  app.on("before-quit", () => {
    clearInterval(timer);
    service.close();
  });
}

app.on("second-instance", () => {
  if (win) {
    if (win.isMinimized()) win.restore();
    win.focus();
  }
});
app.on("web-contents-created", (_event, contents) => {
  contents.on("will-attach-webview", (e) => e.preventDefault());
});
app.on("window-all-closed", () => app.quit());
app.whenReady().then(start, (error: unknown) => {
  log.error("start-failed", error);
  app.quit();
});

type UpdaterModule = typeof UpdaterModuleNs;

/**
 * Auto-update is off by default. It is on only in a packaged build made with
 * GARDEN_UPDATE_URL set (electron-builder then writes app-update.yml, the
 * "generic" feed the team hosts); electron-updater is loaded only then.
 */
async function checkForUpdates(): Promise<void> {
  if (!app.isPackaged || !fs.existsSync(path.join(process.resourcesPath, "app-update.yml"))) return;
  try {
    // A CommonJS package bundled into main: its exports may sit on `default`.
    const loaded = (await import("electron-updater")) as Partial<UpdaterModule> & { default?: UpdaterModule };
    await (loaded.autoUpdater ?? loaded.default?.autoUpdater)?.checkForUpdatesAndNotify();
  } catch (error) {
    log.error("update-check-failed", error);
  }
}
