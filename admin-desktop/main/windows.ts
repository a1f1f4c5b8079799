import path from "node:path";
import { BrowserWindow } from "electron";
import { lockDownWindow, type RendererLocation } from "./security";
import { RENDERER_URL } from "./urls";

/** Where our renderer lives: the built files served at app://bundle/, or (development only) electron-vite's dev server. */
export function rendererLocation(mainDir: string, isPackagedOrBuilt: boolean): RendererLocation {
  const devUrl = isPackagedOrBuilt ? undefined : process.env.ELECTRON_RENDERER_URL;
  return { dir: path.join(mainDir, "../renderer"), devUrl };
}

/** The one window, with the checklist's webPreferences. */
export function createMainWindow(mainDir: string, renderer: RendererLocation): BrowserWindow {
  const win = new BrowserWindow({
    width: 1100,
    height: 780,
    minWidth: 720,
    minHeight: 520,
    show: false,
    title: "Garden of Remembrance — Volunteers",
    backgroundColor: "#f7f4ef",
    webPreferences: {
      preload: path.join(mainDir, "../preload/index.cjs"),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  lockDownWindow(win, renderer);
  win.once("ready-to-show", () => win.show());
  if (renderer.devUrl) void win.loadURL(renderer.devUrl);
  else void win.loadURL(RENDERER_URL);
  return win;
}
