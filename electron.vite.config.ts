import { isAbsolute, relative, resolve } from "node:path";
import { defineConfig } from "electron-vite";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";

const root = import.meta.dirname;

/**
 * The renderer's CSP is strict (script-src 'self', no connections at all).
 * Only under `electron-vite dev` does Vite need an inline preamble and a
 * websocket for hot reload; this relaxes the meta tag there, never in a build.
 */
function devCsp(): Plugin {
  return {
    name: "garden-desktop-dev-csp",
    apply: "serve",
    transformIndexHtml: (html) =>
      html
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("connect-src 'none'", "connect-src 'self' ws://localhost:* http://localhost:*"),
  };
}

/**
 * `electron-vite build --outDir <dir>` resolves a relative <dir> against each
 * part's root; the renderer's root is admin-desktop/renderer, so its output
 * would land inside the source folder. This puts it where main and preload go
 * (relative to the working folder).
 */
function rendererOutDir(): Plugin {
  const rendererRoot = resolve(root, "admin-desktop/renderer");
  return {
    name: "garden-desktop-renderer-outdir",
    apply: "build",
    config(config) {
      const outDir = config.build?.outDir;
      if (!outDir || !isAbsolute(outDir)) return;
      const inside = relative(rendererRoot, outDir);
      if (inside && !inside.startsWith("..") && !isAbsolute(inside)) config.build!.outDir = resolve(process.cwd(), inside);
    },
  };
}

// The volunteers' desktop app: main, preload and renderer from admin-desktop/ into out/{main,preload,renderer}
// (electron-vite's defaults; `--outDir <dir>`, relative or absolute, moves all three).
export default defineConfig({
  main: {
    build: {
      // Self-contained (zod, papaparse inside): the packaged app carries no node_modules at all.
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve(root, "admin-desktop/main/index.ts") }, external: ["electron"] },
    },
  },
  preload: {
    build: {
      // The window is sandboxed: the preload must be ONE CommonJS file (no ESM, no shared chunks).
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, "admin-desktop/preload/index.ts") },
        external: ["electron"],
        output: { format: "cjs", entryFileNames: "[name].cjs", inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: resolve(root, "admin-desktop/renderer"),
    base: "./",
    plugins: [react(), devCsp(), rendererOutDir()],
    build: {
      minify: true,
      rollupOptions: { input: { index: resolve(root, "admin-desktop/renderer/index.html") } },
    },
  },
});
