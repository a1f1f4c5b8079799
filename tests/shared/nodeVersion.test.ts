import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "../../bin/check-node.cjs";
import { ROOT } from "../support/paths";

/**
 * bin/check-node.cjs, the one Node version check every entry point runs first. The doors of the built
 * server and admin commands are checked in tests/public-server/node-version.test.ts (they need the build).
 */
const CHECK = path.join(ROOT, "bin/check-node.cjs");
const SENTENCE =
  /^This site needs Node 24 LTS \(24\.11 or newer\), and this is Node 20\.20\.2: install Node 24 \(nvm install 24, .*\) and run the command again\.\n$/;
/** Debian 12's Node, where this machine has it (the suite itself runs on Node 24). */
const SYSTEM_NODE = "/usr/bin/node";
const systemNodeVersion = fs.existsSync(SYSTEM_NODE) ? spawnSync(SYSTEM_NODE, ["--version"], { encoding: "utf8" }).stdout.trim() : "";

describe("the Node version check", () => {
  it("accepts Node 24.11 and later 24s, and refuses every other version with one sentence", () => {
    for (const ok of ["24.11.0", "v24.11.1", "24.20.3"]) expect(nodeVersionProblem(ok), ok).toBe(null);
    for (const wrong of ["20.20.2", "22.12.0", "24.10.0", "25.0.0", "26.1.0", "garbage"]) {
      const said = nodeVersionProblem(wrong);
      expect(said, wrong).toContain(`this is Node ${wrong}`);
      expect(said!.split(/[.!?] /).length, "one sentence").toBe(1);
    }
  });

  it("asks for the same version as package.json's engines and .nvmrc", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(">=24.11.0 <25");
    expect(fs.readFileSync(path.join(ROOT, ".nvmrc"), "utf8").trim()).toBe("24");
    expect(nodeVersionProblem("24.11.0")).toBe(null);
    expect(nodeVersionProblem("24.10.99")).not.toBe(null);
  });

  it("run with another version, says the sentence on standard error and exits 1; with this one, nothing and 0", () => {
    const wrong = spawnSync(process.execPath, [CHECK], { encoding: "utf8", env: { ...process.env, GARDEN_NODE_VERSION: "20.20.2" } });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(SENTENCE);
    expect(wrong.stdout).toBe("");
    const right = spawnSync(process.execPath, [CHECK], { encoding: "utf8" });
    expect([right.status, right.stderr]).toEqual([0, ""]);
  });

  it.skipIf(!systemNodeVersion.startsWith("v20."))("on the real Node 20 (/usr/bin/node), says the sentence instead of crashing", () => {
    const run = spawnSync(SYSTEM_NODE, [CHECK], { encoding: "utf8", env: { PATH: "/usr/bin:/bin" } });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(SENTENCE);
  });

  it("comes first in every npm script that installs, builds, serves or tests", () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    for (const name of ["preinstall", "build", "dev", "test", "test:unit", "test:server", "test:browser", "test:desktop", "test:perf"]) {
      expect(scripts[name], name).toMatch(/^node bin\/check-node\.cjs( && |$)/);
    }
    // start and admin run the built doors, which check first (scripts/build-server.mjs writes them).
    expect(scripts.start).toMatch(/ dist\/server\/main\.js$/);
    expect(scripts.admin).toBe("node dist/server/cli.js");
  });
});
