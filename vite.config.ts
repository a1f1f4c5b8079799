import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { flowerDrawingFiles } from "./vite.flowers";

// The public site and the web admin, built into dist/web for the Koa server to serve.
export default defineConfig({
  root: "public-web",
  publicDir: "public",
  plugins: [react(), flowerDrawingFiles()],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    // Maps are written for whoever debugs the build, without a link from the scripts; the server never serves them.
    sourcemap: "hidden",
    manifest: true, // the server links each page's chunk and styles from dist/web/.vite/manifest.json
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:5000" },
  },
});
