/**
 * Electron's security checklist, applied in one place: hardened windows, no
 * navigation, no new windows, no permissions, and IPC that answers only our
 * own renderer.
 */
import { ipcMain, session, shell, type BrowserWindow, type IpcMainInvokeEvent } from "electron";
import { Ch, type InvokeChannel, type Result } from "../ipc";
import type { Handler } from "./handlers";
import { isAllowedExternalUrl, isOurRendererUrl } from "./urls";

export interface RendererLocation {
  /** The built renderer's folder, served at app://bundle/ (main/protocol.ts). */
  dir: string;
  devUrl?: string | undefined;
}

/** Denies every permission request (camera, notifications, geolocation…): the app needs none. */
export function denyAllPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}

/** No navigation away from our page, no new windows; web links go to the system browser after the check. */
export function lockDownWindow(win: BrowserWindow, renderer: RendererLocation): void {
  const contents = win.webContents;
  contents.on("will-navigate", (event, url) => {
    if (!isOurRendererUrl(url, renderer)) event.preventDefault();
  });
  contents.on("will-redirect", (event, url) => {
    if (!isOurRendererUrl(url, renderer)) event.preventDefault();
  });
  contents.on("will-attach-webview", (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: "deny" };
  });
}

/** True when the message comes from our renderer's top frame (not an iframe, not another page). */
export function isOurSender(event: IpcMainInvokeEvent, renderer: RendererLocation): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isOurRendererUrl(frame.url, renderer);
}

/** Registers one ipcMain handler per channel; each checks the sender before the (validating) handler runs. */
export function registerIpc(handlers: Record<InvokeChannel, Handler>, renderer: RendererLocation): void {
  for (const name of Object.keys(handlers) as InvokeChannel[]) {
    const handler = handlers[name];
    ipcMain.handle(Ch[name], (event, payload: unknown): Promise<Result<unknown>> | Result<unknown> => {
      if (!isOurSender(event, renderer)) return { ok: false, error: "Refused.", code: "forbidden" };
      return handler(payload);
    });
  }
}
