// Bundles the server and its CLI into dist/server with esbuild; packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: { main: "public-server/main.ts", cli: "public-server/cli.ts" },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("server built: dist/server/main.js, dist/server/cli.js");
