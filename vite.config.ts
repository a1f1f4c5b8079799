import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { flowerDrawingFiles } from "./vite.flowers";

// The public site and the web admin, built into dist/web for the Koa server to serve.
export default defineConfig({
  root: "public-web",
  publicDir: "public",
  plugins: [react(), flowerDrawingFiles()],
  resolve: {
    // React Router's package names its development build for every condition (its warnings and checks
    // included); the production build beside it is the same code without them (0.5 KB less gzip on every page).
    // react-router-dom only adds the DOM routers the site does not use to what react-router exports.
    alias: [{ find: /^react-router(-dom)?$/, replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url)) }],
  },
  // The server's render (vite build --ssr) takes React Router into its bundle so that the alias above holds
  // there too: left outside, Node loads the development build, whose checks cost each rendered page.
  ssr: { noExternal: ["react-router", "react-router-dom"] },
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    // Maps are written for whoever debugs the build, without a link from the scripts; the server never serves them.
    sourcemap: "hidden",
    manifest: true, // the server links each page's chunk and styles from dist/web/.vite/manifest.json
    // Every browser the site supports preloads modules itself; the polyfill was 0.3 KB of each first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "react",
              // Not shared/i18n/content.ts: only the legal pages format a date with it, so it loads with them.
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|shared[\\/]i18n[\\/](?!content\.)|lib[\\/]i18n|shared[\\/]numbers|preload-helper/,
            },
            {
              name: "common",
              test: /components[\\/](ui[\\/](Dialog|Field)|forms[\\/](FormParts|useForm|useSubmission|Honeypot))|lib[\\/]api|shared[\\/](flowers|visitorForms)\./,
            },
            {
              name: "content",
              test: /components[\\/]content[\\/](Blocks|SupportCards)/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:5000" },
  },
});
