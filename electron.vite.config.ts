import { defineConfig } from "electron-vite";

// The volunteers' desktop app (admin-desktop/): main, preload and renderer. Filled in by the desktop issue.
export default defineConfig({
  main: { build: { rollupOptions: { input: "admin-desktop/main/index.ts" } } },
  preload: { build: { rollupOptions: { input: "admin-desktop/preload/index.ts" } } },
  renderer: { root: "admin-desktop/renderer", build: { rollupOptions: { input: "admin-desktop/renderer/index.html" } } },
});
