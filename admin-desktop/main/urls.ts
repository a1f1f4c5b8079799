import path from "node:path";
/** URL rules of the desktop app, pure so they are tested in a table. */

/** External links: only http(s) to a real host go to the system browser; nothing with credentials. */
export function isAllowedExternalUrl(raw: unknown): boolean {
  if (typeof raw !== "string" || raw.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (!url.hostname || url.username || url.password) return false;
  return true;
}

/**
 * The server address a volunteer typed, as an origin ("https://garden.example.org"),
 * or an error sentence. https anywhere; plain http only for this computer or a
 * local network, where a password would not cross the internet unencrypted.
 */
export function normaliseServerUrl(raw: string): { ok: true; url: string } | { ok: false; error: string } {
  const text = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, error: "Please enter the server address, for example https://garden.example.org" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, error: "The server address must start with https://" };
  if (url.username || url.password) return { ok: false, error: "Please enter the address without a name or password in it." };
  if (url.protocol === "http:" && !isLocalHost(url.hostname)) {
    return { ok: false, error: "Please use https:// for a server on the internet, so your password travels encrypted." };
  }
  return { ok: true, url: url.origin };
}

/** This computer itself: a password sent over plain http to it never crosses a network. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h);
}

function isLocalHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost" || h.endsWith(".local") || h === "::1") return true;
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(h);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}

/** Where the built renderer is served (main/protocol.ts): a scheme of our own, not file://. */
export const RENDERER_URL = "app://bundle/index.html";

// Node's URL gives a scheme it does not know an opaque origin ("null"), so the parts are compared.
const isBundle = (url: URL) => url.protocol === "app:" && url.host === "bundle";

/**
 * The built renderer's file for an app://bundle/… address, or null: another host, or a path (decoded,
 * so %2e%2e%2f counts) that would leave the renderer's folder.
 */
export function rendererFile(raw: string, rendererDir: string): string | null {
  let url: URL;
  let rel: string;
  try {
    url = new URL(raw);
    rel = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (!isBundle(url) || rel.includes("\0")) return null;
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, `.${rel === "/" ? "/index.html" : rel}`);
  const inside = path.relative(root, file);
  return inside && !inside.startsWith("..") && !path.isAbsolute(inside) ? file : null;
}

/**
 * True when an IPC message comes from our own renderer: app://bundle/ (the built one) or, in
 * development only, the electron-vite dev server.
 */
export function isOurRendererUrl(raw: string, expected: { devUrl?: string | undefined }): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (expected.devUrl) return url.origin === new URL(expected.devUrl).origin;
  return isBundle(url) && url.pathname === "/index.html";
}
