import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, startTestServer, type TestServer } from "../../support/testServer";

// The home page's first-load JavaScript (gzip): 99.3 KB once the form schemas (and zod) load with the
// form instead of the page, and the toasts use react-hot-toast's headless build (our own Toaster draws
// them, so its styled one and its CSS-in-JS runtime were 2.3 KB of dead weight). Needs the production
// build: `npm run build:web`. 99.5 KB in both languages since the Spanish site (26 November 2026): the runtime and
// the language link (about 1.5 KB) were won back by fewer, larger shared chunks (vite.config.ts), React Router's
// production build and no modulepreload polyfill.
const BUDGET_KB = 100;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

/** The JS files a page's HTML asks for before any interaction: the entry script and every modulepreload. */
async function firstLoadScripts(pathname: string): Promise<string[]> {
  const html = await (await fetch(server.url + pathname)).text();
  const entry = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const files = new Set([...entry, ...preloads]);
  // The entry's own static imports (Vite lists them in the manifest) load with it too.
  const manifestFile = path.join(ROOT, "dist/web/.vite/manifest.json");
  expect(fs.existsSync(manifestFile), "build the site first: npm run build:web").toBe(true);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
  const entryChunk = Object.values(manifest).find((c) => c.isEntry)!;
  for (const dep of entryChunk.imports ?? []) if (manifest[dep]) files.add(`/${manifest[dep]!.file}`);
  return [...files];
}

const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(ROOT, "dist/web", file)), { level: 9 }).length / 1024;

describe("home page weight", () => {
  // The Spanish home page loads the same scripts: its words come as JSON (the catalog's file, public-server/lib/catalogs.ts), not in a script.
  it.each(["/", "/es"])(`%s loads under ${BUDGET_KB} KB of JavaScript (gzip) before interaction, without admin, garden, CSV or date code`, async (home) => {
    const files = await firstLoadScripts(home);
    const sizes = files.map((f) => ({ file: f, kb: gzipKb(f) }));
    const total = sizes.reduce((sum, s) => sum + s.kb, 0);
    console.log(
      `${home} first-load JS: ${total.toFixed(1)} KB gzip in ${files.length} files\n${sizes.map((s) => `  ${s.kb.toFixed(1).padStart(6)} KB  ${s.file}`).join("\n")}`,
    );
    expect(files.some((f) => /index-[\w-]+\.js$/.test(f))).toBe(true);
    expect(files.some((f) => /HomePage-[\w-]+\.js$/.test(f))).toBe(true);
    expect(files.filter((f) => /Dashboard|Admin|GardenPage|ShareTestimonial|LoginPage/.test(f))).toEqual([]);
    const code = files.map((f) => fs.readFileSync(path.join(ROOT, "dist/web", f), "utf8")).join("\n");
    expect(code).not.toMatch(/Papa\.parse|papaparse/i); // CSV parsing is admin-only
    expect(code).not.toMatch(/formatDistance|differenceInCalendar/); // date-fns stays out
    expect(code).not.toMatch(/jitless|ZodError|\$ZodType/); // zod loads with the form, not the page
    expect(code).not.toMatch(/_goober/); // no CSS-in-JS runtime: the toasts are drawn by our own Toaster
    expect(total).toBeLessThan(BUDGET_KB);
  });
});
