import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/testServer";
import { until } from "../support/until";

/**
 * A server installed as it is deployed: the built dist/ and the production dependencies only
 * (`npm install --omit=dev`), in a folder with nothing else. Anything the server imports at run time
 * but lists as a devDependency makes this fail.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-prod-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("a production install", () => {
  it("starts from dist/ with production dependencies only, and serves the site and the API", async () => {
    for (const file of ["package.json", "package-lock.json", ".npmrc"]) {
      if (fs.existsSync(path.join(ROOT, file))) fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
    }
    fs.cpSync(path.join(ROOT, "dist"), path.join(dir, "dist"), { recursive: true });
    // The Node version check that package.json's preinstall and the built doors run first.
    fs.cpSync(path.join(ROOT, "bin"), path.join(dir, "bin"), { recursive: true });
    fs.mkdirSync(path.join(dir, "data"));
    fs.copyFileSync(path.join(ROOT, "data/site.json"), path.join(dir, "data/site.json"));

    const started = Date.now();
    const install = spawnSync("npm", ["install", "--omit=dev", "--no-audit", "--no-fund", "--ignore-scripts=false"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: "1" },
      timeout: 240_000,
    });
    expect(install.status, `${install.stdout}\n${install.stderr}`).toBe(0);
    console.log(`npm install --omit=dev: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(fs.existsSync(path.join(dir, "node_modules/vite")), "no devDependency is installed").toBe(false);

    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, ["dist/server/main.js"], {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(dir, "data"),
        LOG_LEVEL: "info",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    try {
      await until(() => /"event":"listening"/.test(out) || child.exitCode !== null, "the server to listen or exit", 30_000);
      expect(child.exitCode, out).toBe(null);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Garden");
      // The server's memory once started and serving: the budget for a whole day is 150 MB.
      const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
      const mb = (field: string) => Math.round(Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)![1]) / 1024);
      console.log(`server memory after start and two answers: ${mb("VmRSS")} MB RSS, peak ${mb("VmHWM")} MB`);
      expect(mb("VmHWM")).toBeLessThan(150);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    }
  }, 300_000);
});
