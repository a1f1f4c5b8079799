/**
 * Packaging without Electron's binary: electron-builder packs the Linux target
 * `--dir` against a stand-in Electron (electronDist pointed at a folder with a
 * small `electron` file that carries the fuse sentinel and a fuse wire in
 * Electron's default state). Then the ASAR's file list and size are checked,
 * and the fuse wire is read back from the packaged executable with
 * @electron/fuses: the flips electron-builder made are the ones on disk.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import { FuseV1Options, getCurrentFuseWire } from "@electron/fuses";
import { ROOT } from "../support/testServer";
import { aboutText, menuTemplate } from "../../admin-desktop/main/menu";
import { tempDir } from "./support";

const require = createRequire(import.meta.url);
const asar = require("@electron/asar") as { listPackage(file: string): string[]; extractFile(file: string, name: string): Buffer };
interface BuilderConfig {
  productName: string;
  executableName: string;
  version?: string;
  icon: string;
  publish: unknown;
  linux: { target: string[] };
  win: { target: string[] };
  mac: { target: { target: string; arch: string[] }[] };
}
const builderConfig = require(path.join(ROOT, "electron-builder.cjs")) as BuilderConfig;
const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };

/** The packed app must stay small: it is only our three bundles. */
const ASAR_BUDGET_BYTES = 1_500_000;
const SENTINEL = "dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX";
// Electron's own defaults, i.e. the opposite of what we want for the first six: flipping them is visible.
const DEFAULT_WIRE = [0x31, 0x30, 0x31, 0x31, 0x30, 0x30, 0x30, 0x31, 0x31];

let appOutDir: string;
let asarFile: string;
let seconds: number;

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const res = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, ...env } });
  if (res.status !== 0) throw new Error(`${args.join(" ")} failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

// The bundle packed here is built once per run, before this file, with a relative `--outDir out`
// (tests/support/desktopBuild.ts): all three parts land under it, none inside admin-desktop/renderer.
beforeAll(() => {
  const standIn = path.join(tempDir("garden-electron-dist-"), "dist");
  fs.mkdirSync(path.join(standIn, "resources"), { recursive: true });
  const binary = Buffer.concat([
    Buffer.from("#!/bin/sh\necho 'stand-in for Electron'\n"),
    Buffer.from(SENTINEL),
    Buffer.from([1, DEFAULT_WIRE.length, ...DEFAULT_WIRE]),
    Buffer.alloc(32),
  ]);
  fs.writeFileSync(path.join(standIn, "electron"), binary, { mode: 0o755 });
  fs.writeFileSync(path.join(standIn, "LICENSE"), "stand-in");
  const electronVersion = (require(path.join(ROOT, "node_modules/electron/package.json")) as { version: string }).version;

  const output = tempDir("garden-package-");
  const started = performance.now();
  run(
    [
      path.join(ROOT, "node_modules/electron-builder/cli.js"),
      "--linux",
      "dir",
      "--config",
      "electron-builder.cjs",
      `-c.electronDist=${standIn}`,
      `-c.electronVersion=${electronVersion}`,
      `-c.directories.output=${output}`,
    ],
    { ELECTRON_SKIP_BINARY_DOWNLOAD: "1" },
  );
  seconds = (performance.now() - started) / 1000;
  appOutDir = path.join(output, "linux-unpacked");
  asarFile = path.join(appOutDir, "resources/app.asar");
}, 300_000);

describe("the packaged desktop app (Linux --dir, stand-in Electron)", () => {
  it("electron-vite --outDir with a relative path puts main, preload and renderer under it", () => {
    for (const part of ["main/index.js", "preload/index.cjs", "renderer/index.html"]) expect(fs.existsSync(path.join(ROOT, "out", part)), part).toBe(true);
    expect(fs.existsSync(path.join(ROOT, "admin-desktop/renderer/out"))).toBe(false);
  });

  it("packs only main, preload and renderer: no tests, no source maps, no sources, no node_modules, within budget", () => {
    const files = asar.listPackage(asarFile).map((f) => f.replaceAll("\\", "/"));
    expect(files).toEqual(expect.arrayContaining(["/out/main/index.js", "/out/preload/index.cjs", "/out/renderer/index.html", "/package.json"]));
    expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
    expect(files.filter((f) => /node_modules|\/tests?\/|\.test\.|\.tsx?$|admin-desktop|public-server|shared\//.test(f))).toEqual([]);
    // Nothing beside our three bundles and the package file.
    expect(files.filter((f) => !/^\/out\/(main|preload|renderer)(\/|$)/.test(f) && f !== "/out" && f !== "/package.json")).toEqual([]);
    const pkg = JSON.parse(asar.extractFile(asarFile, "package.json").toString("utf8")) as Record<string, unknown>;
    // The desktop's own manifest: its name and product name, the project's version, none of the server's packages.
    expect(pkg).toEqual({
      name: "garden-volunteers",
      productName: "Garden of Remembrance Volunteers",
      description: expect.any(String),
      author: expect.any(String),
      private: true,
      type: "module",
      main: "out/main/index.js",
      version: rootPackage.version,
    });
    // Main is self-contained: it imports only Electron and Node's own modules (the ASAR has no node_modules).
    const main = asar.extractFile(asarFile, "out/main/index.js").toString("utf8");
    const imported = [...main.matchAll(/\bfrom\s*"([^"\n]+)"|\bimport\s*\(\s*"([^"\n]+)"\s*\)|\brequire\(\s*"([^"\n]+)"\s*\)/g)].map(
      (m) => m[1] ?? m[2] ?? m[3]!,
    );
    expect(imported).toContain("electron");
    expect(imported.filter((name) => name !== "electron" && !name.startsWith("node:") && !name.startsWith("./"))).toEqual([]);
    const size = fs.statSync(asarFile).size;
    console.log(
      `desktop app.asar: ${(size / 1024).toFixed(0)} KB (budget ${(ASAR_BUDGET_BYTES / 1024).toFixed(0)} KB), ${files.length} entries; packaged in ${seconds.toFixed(1)} s`,
    );
    expect(size).toBeLessThan(ASAR_BUDGET_BYTES);
  });

  it("flips the fuses in the packaged executable (read back with @electron/fuses)", async () => {
    const executable = path.join(appOutDir, builderConfig.executableName);
    const wire = await getCurrentFuseWire(executable);
    const on = 0x31;
    const off = 0x30;
    expect(wire[FuseV1Options.RunAsNode]).toBe(off);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(off);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(off);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(on);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(on);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(on);
    // Served from app://, so a file:// page gets no privileges beyond a browser's.
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(off);
  });

  it("is configured for AppImage, deb, NSIS and dmg with the app's name and icon; auto-update off by default", () => {
    expect(builderConfig.productName).toBe("Garden of Remembrance Volunteers");
    expect(builderConfig.linux.target).toEqual(["AppImage", "deb"]);
    expect(builderConfig.win.target).toEqual(["nsis"]);
    expect(builderConfig.mac.target).toEqual([{ target: "dmg", arch: ["x64", "arm64"] }]);
    expect(builderConfig.version).toBeUndefined();
    expect(fs.existsSync(path.join(ROOT, builderConfig.icon))).toBe(true);
    expect(builderConfig.publish).toBeNull();
  });

  it("turns auto-update on only when the team names its update folder (electron-updater's generic provider)", () => {
    const file = require.resolve(path.join(ROOT, "electron-builder.cjs"));
    delete require.cache[file];
    process.env.GARDEN_UPDATE_URL = "https://updates.example.org/desktop/";
    try {
      expect((require(file) as BuilderConfig).publish).toEqual([{ provider: "generic", url: "https://updates.example.org/desktop/" }]);
    } finally {
      delete process.env.GARDEN_UPDATE_URL;
      delete require.cache[file];
    }
  });
});

describe("the app's menu", () => {
  const labels = (template: ReturnType<typeof menuTemplate>): string[] =>
    template.flatMap((item) => [String(item.role ?? item.label), ...(Array.isArray(item.submenu) ? labels(item.submenu) : [])]);

  it("has no Reload or developer tools when packaged, and an About with version and server", () => {
    let shown = 0;
    const packaged = labels(menuTemplate({ packaged: true, platform: "linux", about: () => (shown += 1), openLogFolder: () => undefined }));
    expect(packaged).not.toContain("reload");
    expect(packaged).not.toContain("forceReload");
    expect(packaged).not.toContain("toggleDevTools");
    expect(packaged).toContain("About Garden of Remembrance Volunteers");
    expect(labels(menuTemplate({ packaged: false, platform: "linux", about: () => undefined, openLogFolder: () => undefined }))).toContain("toggleDevTools");
    expect(labels(menuTemplate({ packaged: true, platform: "darwin", about: () => undefined, openLogFolder: () => undefined }))).not.toContain(
      "toggleDevTools",
    );
    expect(aboutText("1.2.3", "https://garden.example.org")).toBe("Garden of Remembrance Volunteers\nVersion 1.2.3\nServer: https://garden.example.org");
  });
});
