/**
 * The app's own menu, in place of Electron's default (which offers Reload,
 * Force Reload and Toggle Developer Tools to anyone). Pure: it answers the
 * template, main/index.ts builds it with Electron's Menu.
 */
import type { MenuItemConstructorOptions } from "electron";

export const PRODUCT_NAME = "Garden of Remembrance Volunteers";

export interface MenuContext {
  /** A packaged build: no developer items at all. */
  packaged: boolean;
  platform: NodeJS.Platform;
  /** Shows the About box (version and server). */
  about(): void;
  /** Opens the folder of the app's log in the system's file manager (for support). */
  openLogFolder(): void;
}

/** What the About box says. */
export function aboutText(version: string, serverUrl: string | null): string {
  return `${PRODUCT_NAME}\nVersion ${version}\nServer: ${serverUrl ?? "not chosen yet"}`;
}

export function menuTemplate({ packaged, platform, about, openLogFolder }: MenuContext): MenuItemConstructorOptions[] {
  const aboutItem: MenuItemConstructorOptions = { label: `About ${PRODUCT_NAME}`, click: about };
  const logItem: MenuItemConstructorOptions = { label: "Open log folder", click: openLogFolder };
  const mac = platform === "darwin";
  const view: MenuItemConstructorOptions[] = [
    { role: "resetZoom" },
    { role: "zoomIn" },
    { role: "zoomOut" },
    { type: "separator" },
    { role: "togglefullscreen" },
  ];
  // Only while developing: reloading loses nothing (the queue is on disk), but a volunteer never needs it.
  if (!packaged) view.push({ type: "separator" }, { role: "reload" }, { role: "toggleDevTools" });
  return [
    ...(mac ? [{ label: PRODUCT_NAME, submenu: [aboutItem, { type: "separator" as const }, { role: "hide" as const }, { role: "quit" as const }] }] : []),
    { label: "File", submenu: [mac ? { role: "close" } : { role: "quit" }] },
    {
      label: "Edit",
      submenu: [{ role: "undo" }, { role: "redo" }, { type: "separator" }, { role: "cut" }, { role: "copy" }, { role: "paste" }, { role: "selectAll" }],
    },
    { label: "View", submenu: view },
    { label: "Help", submenu: mac ? [logItem] : [logItem, { type: "separator" }, aboutItem] },
  ];
}
