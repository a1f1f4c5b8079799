import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterAll } from "../support/cleanup";
import { ROOT } from "../support/testServer";

const { tempDir } = cleanupAfterAll();

/**
 * Every entry point says which Node it needs before anything else runs: the npm scripts, and the built
 * server and admin commands that systemd and `garden-admin` run directly (whose imports would otherwise
 * load the SQLite driver first, which crashes Node 20 with a bare "Segmentation fault").
 */
const SENTENCE = /This site needs Node 24 LTS \(24\.11 or newer\), and this is Node 20\.\d+\.\d+: install Node 24 .* and run the command again\.\n/;
const SYSTEM_NODE = "/usr/bin/node";
const systemNodeVersion = fs.existsSync(SYSTEM_NODE) ? spawnSync(SYSTEM_NODE, ["--version"], { encoding: "utf8" }).stdout.trim() : "";

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: ROOT, encoding: "utf8", env, timeout: 60_000 });
  return { status: r.status, signal: r.signal, stderr: r.stderr, ms: Date.now() - started };
}

describe("Node's version at every entry point", () => {
  it.each([
    ["npm install", ["run", "preinstall"]],
    ["npm run build", ["run", "build"]],
    ["npm start", ["start"]],
    ["npm test", ["test"]],
    ["npm run test:unit", ["run", "test:unit"]],
    ["npm run admin", ["run", "admin", "--", "list"]],
  ])("%s, on a Node it cannot use, stops at once with the sentence", (_name, args) => {
    const r = run("npm", args, { ...process.env, GARDEN_NODE_VERSION: "20.20.2" });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(SENTENCE);
    expect(r.ms).toBeLessThan(15_000);
  });

  it.each([
    ["the server", ["dist/server/main.js"]],
    ["the admin commands", ["dist/server/cli.js", "doctor"]],
  ])("%s, run straight from dist/ on a Node it cannot use, stop with the sentence", (_name, args) => {
    const r = run(process.execPath, args, { ...process.env, GARDEN_NODE_VERSION: "20.20.2" });
    expect([r.status, r.signal]).toEqual([1, null]);
    expect(r.stderr).toMatch(SENTENCE);
  });

  it.skipIf(!systemNodeVersion.startsWith("v20."))(
    "on the real Node 20 (/usr/bin/node): the server, the admin commands and npm's scripts say it instead of crashing",
    () => {
      const env = { PATH: "/usr/bin:/bin", HOME: process.env.HOME, DATA_DIR: "/nonexistent-garden-data" };
      for (const args of [["dist/server/main.js"], ["dist/server/cli.js", "list"], ["scripts/build-server.mjs"]]) {
        const r = run(SYSTEM_NODE, args, env);
        expect([args[0], r.status, r.signal]).toEqual([args[0], 1, null]);
        expect(r.stderr).toMatch(SENTENCE);
      }
      if (fs.existsSync("/usr/bin/npm")) {
        // README's first command: .npmrc's engine-strict refuses before fetching or building anything.
        const clone = tempDir("garden-node20-");
        for (const file of ["package.json", "package-lock.json", ".npmrc", "bin"])
          fs.cpSync(path.join(ROOT, file), path.join(clone, file), { recursive: true });
        const install = spawnSync("/usr/bin/npm", ["install", "--no-audit", "--no-fund"], { cwd: clone, encoding: "utf8", env, timeout: 60_000 });
        expect(install.status).not.toBe(0);
        expect(install.stderr).toMatch(/Unsupported engine[\s\S]*Required: \{"node":">=24\.11\.0 <25"\}[\s\S]*Actual: +\{"node":"v20\./);
        expect(fs.existsSync(path.join(clone, "node_modules")), "nothing installed for the wrong Node").toBe(false);

        const r = run("/usr/bin/npm", ["start"], env);
        expect(r.status).toBe(1);
        expect(r.stderr).toMatch(SENTENCE);
      }
    },
  );
});
