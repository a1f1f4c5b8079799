/**
 * The window is served from app://bundle/ (a standard, secure scheme of our own), not file://: a file://
 * page may read any file the user can, and with the GrantFileProtocolExtraPrivileges fuse off
 * (electron-builder.cjs) it gets no more than a browser's. Only files inside the built renderer are served.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { protocol } from "electron";
import { rendererFile } from "./urls";

const SCHEME = "app";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".json": "application/json",
};

/** Before the app is ready: app:// behaves as https (origin, secure context, relative URLs). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** Serves the built renderer's files at app://bundle/…; anything else is a 404. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(SCHEME, async (request) => {
    const file = rendererFile(request.url, rendererDir);
    if (!file) return new Response("Not found", { status: 404 });
    try {
      const body = await fs.readFile(file);
      return new Response(body, { headers: { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" } });
    } catch {
      return new Response("Not found", { status: 404 });
    }
  });
}
