import { resolve } from "node:path";
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

// The volunteers' desktop app: main, preload and renderer from admin-desktop/ into out/{main,preload,renderer}
// (electron-vite's defaults; `--outDir <dir>` moves all three, as the tests do).
export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: resolve(root, "admin-desktop/main/index.ts") } },
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
    plugins: [react(), devCsp()],
    build: {
      rollupOptions: { input: { index: resolve(root, "admin-desktop/renderer/index.html") } },
    },
  },
});
