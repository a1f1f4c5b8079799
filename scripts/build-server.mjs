// Bundles the server, its CLI and its database thread into dist/server with esbuild; packages stay external but date-fns.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

createRequire(import.meta.url)("../bin/check-node.cjs").exitUnlessSupported();
import { build } from "esbuild";

/**
 * Bundled rather than loaded from node_modules: date-fns's entry imports some
 * 250 modules, and Node 24 reads its 200 KB package.json again for each, which
 * cost 0.7 s of every start and grew the heap to 250 MB (kept for the life of
 * the process). Bundled, only the few functions the server uses remain.
 */
const BUNDLED = new Set(["date-fns"]);

const { dependencies = {}, devDependencies = {} } = JSON.parse(fs.readFileSync("package.json", "utf8"));
const external = Object.keys({ ...dependencies, ...devDependencies })
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: { serve: "public-server/main.ts", admin: "public-server/cli.ts", databaseThread: "public-server/writer/worker.ts" },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  external,
  sourcemap: true,
  logLevel: "warning",
});
// The translations travel with the server (a production install has dist/, not shared/): public-server/lib/catalogs.ts.
fs.mkdirSync("dist/server/locales", { recursive: true });
for (const file of fs.readdirSync("shared/i18n").filter((f) => f.endsWith(".po")))
  fs.copyFileSync(path.join("shared/i18n", file), path.join("dist/server/locales", file));
/**
 * The two commands people and systemd run are small doors that check Node's version before anything
 * else loads: a module's imports all load before its first line runs, and on another Node the SQLite
 * driver ends the process with a bare "Segmentation fault" while loading.
 */
const door = (bundle) =>
  [
    "// Built by scripts/build-server.mjs: checks Node's version, then loads the bundle.",
    'import { createRequire } from "node:module";',
    `createRequire(import.meta.url)(${JSON.stringify(path.relative("dist/server", "bin/check-node.cjs"))}).exitUnlessSupported();`,
    `await import("./${bundle}");`,
    "",
  ].join("\n");
fs.writeFileSync("dist/server/main.js", door("serve.js"));
fs.writeFileSync("dist/server/cli.js", door("admin.js"));
console.log("server built: dist/server/main.js (serve.js), dist/server/cli.js (admin.js), dist/server/databaseThread.js");
