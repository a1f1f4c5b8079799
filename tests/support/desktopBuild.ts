/**
 * The desktop project's global setup: builds the desktop app once per run
 * (`electron-vite build --outDir out`, about two seconds), before any desktop
 * test file starts. Every desktop test then reads the same bundle from out/,
 * so `npm run test:desktop` works on a fresh clone and no test file builds.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Where the desktop bundle is: out/{main,preload,renderer}, as `npm run desktop:build` and packaging put it. */
export const DESKTOP_OUT = path.join(ROOT, "out");

export default async function buildDesktop(): Promise<void> {
  // Old parts go first, so a part the build no longer makes cannot pass for new; the renderer once
  // landed in admin-desktop/renderer/out (see electron.vite.config.ts), so that goes too.
  for (const stale of ["out/main", "out/preload", "out/renderer", "admin-desktop/renderer/out"])
    fs.rmSync(path.join(ROOT, stale), { recursive: true, force: true });
  const started = performance.now();
  // A relative --outDir on purpose: packaging.test.ts checks that all three parts land under it.
  await promisify(execFile)(process.execPath, [path.join(ROOT, "node_modules/electron-vite/bin/electron-vite.js"), "build", "--outDir", "out"], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((err: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`electron-vite build failed:\n${err.stdout ?? ""}\n${err.stderr ?? err.message}`);
  });
  console.log(`desktop app built into out/ in ${((performance.now() - started) / 1000).toFixed(1)} s (once for this run)`);
}
