/**
 * The BUILT main bundle (electron-vite build → out/main/index.js), loaded in
 * plain Node with a recording stand-in for the "electron" module. It checks
 * how main sets Electron up where no Electron binary exists: the window's
 * webPreferences, the IPC sender check on every channel, navigation, new
 * windows and permissions. launch.test.ts covers the real binary.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { Ch } from "../../admin-desktop/ipc";
import { ROOT } from "../support/testServer";
import { DESKTOP_OUT as OUT } from "../support/desktopBuild";
import { tempDir } from "./support";

/** What probe.mjs reports about how the built main set Electron up. */
interface Report {
  webPreferences: Record<string, unknown> & { preload: string };
  preloadExists: boolean;
  loadedUrl: string;
  channels: string[];
  fromOurs: unknown;
  fromOtherPage: unknown;
  fromSubFrame: unknown;
  fromNoFrame: unknown;
  hostileFromOurs: unknown;
  openWeb: unknown;
  openFile: unknown;
  navigationPrevented: boolean;
  permissionCheck: boolean;
  permission: boolean;
  calls: string[];
  menu: { label: string; items: string[] }[];
  openedLogFolder: string | null;
  schemes: { scheme: string; privileges: Record<string, boolean> }[] | null;
  servedIndex: { status: number; type: string; start: string } | null;
  servedOutside: { status: number } | null;
  servedOtherHost: { status: number } | null;
}

let report: Report;
let userData: string;

/** Loads the built main with the stand-in Electron on a data folder; answers probe.mjs's report. */
function probe<T>(dataDir: string): T {
  const run = spawnSync(process.execPath, [path.join(import.meta.dirname, "fixtures/electronStub/probe.mjs"), path.join(OUT, "main/index.js")], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, GARDEN_DESKTOP_USER_DATA: dataDir, ELECTRON_RENDERER_URL: "" },
  });
  if (run.status !== 0) throw new Error(`main did not load:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").pop()!) as T;
}

// The bundle is built once per run, before this file (tests/support/desktopBuild.ts).
beforeAll(() => {
  userData = tempDir("garden-main-");
  report = probe<Report>(userData);
}, 60_000);

describe("the built main process", () => {
  it("opens one window with Electron's checklist webPreferences and the built preload", () => {
    expect(report.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    expect(report.webPreferences.preload).toBe(path.join(OUT, "preload/index.cjs"));
    expect(report.preloadExists).toBe(true);
    expect(report.loadedUrl).toBe("app://bundle/index.html");
  });

  it("serves the built renderer from app:// (a secure standard scheme), never a file outside it", () => {
    expect(report.schemes).toEqual([{ scheme: "app", privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
    expect(report.servedIndex).toMatchObject({ status: 200, type: "text/html; charset=utf-8", start: expect.stringMatching(/^<!doctype html>/) });
    expect(report.servedOutside).toMatchObject({ status: 404 });
    expect(report.servedOtherHost).toMatchObject({ status: 404 });
  });

  it("registers one handler per action and answers only our renderer's top frame", () => {
    const expected = Object.entries(Ch)
      .filter(([name]) => name !== "event")
      .map(([, channel]) => channel)
      .sort();
    expect(report.channels).toEqual(expected);
    expect(report.fromOurs).toMatchObject({ ok: true, value: { user: null, canRemember: false } });
    for (const key of ["fromOtherPage", "fromSubFrame", "fromNoFrame"] as const)
      expect(report[key], key).toEqual({ ok: false, error: "Refused.", code: "forbidden" });
    expect(report.hostileFromOurs).toMatchObject({ ok: false, code: "invalid-input" });
  });

  it("refuses navigation, new windows and permissions; web links go to the system browser", () => {
    expect(report.navigationPrevented).toBe(true);
    expect(report.openWeb).toEqual({ action: "deny" });
    expect(report.openFile).toEqual({ action: "deny" });
    expect(report.calls).toContain("openExternal:https://example.org/help");
    expect(report.calls).not.toContain("openExternal:file:///etc/passwd");
    expect(report.permission).toBe(false);
    expect(report.permissionCheck).toBe(false);
  });

  it("replaces Electron's default menu with the app's own, with an About", () => {
    expect(report.menu.map((m) => m.label)).toEqual(["File", "Edit", "View", "Help"]);
    expect(report.menu.find((m) => m.label === "Help")?.items).toEqual(["Open log folder", "About Garden of Remembrance Volunteers"]);
  });

  it("writes a log in the data folder, and Help → Open log folder opens that folder", () => {
    expect(report.openedLogFolder).toBe(`openPath:${path.join(userData, "logs")}`);
    const lines = fs.readFileSync(path.join(userData, "logs/desktop.log"), "utf8").trim().split("\n");
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "info", event: "start", version: "0.0.0-stub" });
  });

  it("a damaged data file stops the app with a plain sentence: what the file held and what to do", () => {
    const damaged = (file: string, text: string) => {
      const dir = tempDir("garden-main-");
      fs.writeFileSync(path.join(dir, file), text);
      return probe<{ errorBoxes: { title: string; content: string }[] }>(dir).errorBoxes;
    };
    const queue = damaged("outbox.json", "{ not json");
    expect(queue).toEqual([
      {
        title: "The app could not open its data",
        content: expect.stringMatching(/^The list of your decisions waiting to be sent \(outbox\.json\) is damaged/),
      },
    ]);
    expect(queue[0]!.content).toMatch(/Please do not delete it/);
    expect(queue[0]!.content).not.toMatch(/CorruptFileError|not JSON|Error:/);
    expect(damaged("review.json", "[]")[0]!.content).toMatch(/^The downloaded review copy \(review\.json\) is damaged\. Nothing in it is lost/);
    expect(damaged("settings.json", '{"serverUrl":42}')[0]!.content).toMatch(/^The app's settings \(settings\.json\) are damaged\. Delete the file/);
  });
});
