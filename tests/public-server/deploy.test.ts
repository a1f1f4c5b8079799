import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/testServer";
import { loadConfig } from "../../public-server/config";
import { BULK_BODY_LIMIT } from "../../shared/constants";

const DEPLOY = path.join(ROOT, "deploy");
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "garden-deploy-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** The absolute path of a program, or null when this machine does not have it. */
function which(program: string): string | null {
  const found = spawnSync("sh", ["-c", `command -v ${program}`], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** Every file docs/DEPLOY.md shows lives in deploy/ and is named there. */
describe("deploy/", () => {
  it("holds every file docs/DEPLOY.md tells people to install", () => {
    const guide = fs.readFileSync(path.join(ROOT, "docs/DEPLOY.md"), "utf8");
    const named = [...new Set([...guide.matchAll(/deploy\/([\w.-]+)/g)].map((m) => m[1]!))];
    expect(named.sort()).toEqual([
      "Caddyfile",
      "garden-offsite.service",
      "garden-offsite.timer",
      "garden.env.example",
      "garden.service",
      "offsite.env.example",
    ]);
    for (const file of named) expect(fs.existsSync(path.join(DEPLOY, file)), file).toBe(true);
  });

  it("garden.service: restarts on failure, is hardened, and may write to its data folder only; systemd-analyze verify accepts it", () => {
    const unit = fs.readFileSync(path.join(DEPLOY, "garden.service"), "utf8");
    const settings = unit.split("\n").filter((l) => /^\w+=/.test(l));
    for (const line of [
      "Restart=on-failure",
      "ProtectSystem=strict",
      "ProtectHome=yes",
      "NoNewPrivileges=yes",
      "PrivateTmp=yes",
      "ReadWritePaths=/var/lib/garden",
      "User=garden",
      "WorkingDirectory=/opt/garden",
    ]) {
      expect(settings, line).toContain(line);
    }
    // The same Node settings and environment as `npm start`.
    const start = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
    const [, startEnv = "", nodeFlags = ""] = /^((?:\w+=\S+ )*)node (.*)dist\/server\/main\.js$/.exec(start) ?? [];
    expect(nodeFlags).toMatch(/^--max-old-space-size=\d+ /);
    expect(settings).toContain(`ExecStart=/usr/bin/node ${nodeFlags}/opt/garden/dist/server/main.js`);
    const unitEnv = settings.filter((l) => l.startsWith("Environment=")).flatMap((l) => l.slice("Environment=".length).split(" "));
    expect(startEnv.trim().split(" ")).toEqual(["NODE_ENV=production", "MALLOC_ARENA_MAX=2", "MALLOC_MMAP_THRESHOLD_=131072"]);
    for (const setting of startEnv.trim().split(" ")) expect(unitEnv, setting).toContain(setting);
    expect(settings.filter((l) => l.startsWith("ReadWritePaths="))).toEqual(["ReadWritePaths=/var/lib/garden"]);
    expect(unit).toMatch(/^Environment=.*DATA_DIR=\/var\/lib\/garden/m);

    const analyze = which("systemd-analyze");
    if (!analyze) {
      console.log("garden.service: systemd-analyze is not on this machine, so `systemd-analyze verify` was skipped");
      return;
    }
    // verify also checks that ExecStart's program exists: where Node is elsewhere, point a copy at this one.
    let file = path.join(DEPLOY, "garden.service");
    if (!fs.existsSync("/usr/bin/node")) {
      file = path.join(temp, "garden.service");
      fs.writeFileSync(file, unit.replace("/usr/bin/node", process.execPath));
    }
    const run = spawnSync(analyze, ["verify", file], { encoding: "utf8" });
    // An unknown or misspelt setting is only a warning to systemd ("ignoring"): any output at all fails here.
    expect(run.stderr + run.stdout).toBe("");
    expect(run.status).toBe(0);
  });

  it("garden-offsite.service and .timer: the nightly off-site copy runs as garden after the backup; systemd-analyze verify accepts them", () => {
    const unit = fs.readFileSync(path.join(DEPLOY, "garden-offsite.service"), "utf8");
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node \/opt\/garden\/dist\/server\/cli\.js offsite$/m);
    expect(unit).toMatch(/^User=garden$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/garden\/offsite\.env$/m);
    const timer = fs.readFileSync(path.join(DEPLOY, "garden-offsite.timer"), "utf8");
    const [, hour] = /^OnCalendar=\*-\*-\* (\d\d):\d\d:\d\d$/m.exec(timer) ?? [];
    expect(Number(hour)).toBeGreaterThan(loadConfig({}).backupHour!);
    const env = fs.readFileSync(path.join(DEPLOY, "offsite.env.example"), "utf8");
    expect(env).toMatch(/^RESTIC_REPOSITORY=\S+$/m);
    expect(env).toMatch(/^RESTIC_PASSWORD_FILE=\/etc\/garden\/restic-password$/m);
    expect(env, "the password itself never goes in the file").not.toMatch(/^RESTIC_PASSWORD=/m);

    const analyze = which("systemd-analyze");
    if (!analyze) {
      console.log("garden-offsite: systemd-analyze is not on this machine, so `systemd-analyze verify` was skipped");
      return;
    }
    const dir = fs.mkdtempSync(path.join(temp, "offsite-"));
    fs.writeFileSync(path.join(dir, "garden-offsite.service"), fs.existsSync("/usr/bin/node") ? unit : unit.replace("/usr/bin/node", process.execPath));
    fs.copyFileSync(path.join(DEPLOY, "garden-offsite.timer"), path.join(dir, "garden-offsite.timer"));
    const run = spawnSync(analyze, ["verify", path.join(dir, "garden-offsite.timer"), path.join(dir, "garden-offsite.service")], { encoding: "utf8" });
    expect(run.stderr + run.stdout).toBe("");
    expect(run.status).toBe(0);
  });

  it("Caddyfile: `caddy validate` accepts it; it proxies to 127.0.0.1:5000", () => {
    const caddyfile = fs.readFileSync(path.join(DEPLOY, "Caddyfile"), "utf8");
    expect(caddyfile).toMatch(/^\s*reverse_proxy 127\.0\.0\.1:5000$/m);
    // Its body limit is the server's and the apps' (BULK_BODY_LIMIT): a whole garden's update passes (see proxy.test.ts).
    const [, mib] = /^\s*max_size (\d+)MiB$/m.exec(caddyfile) ?? [];
    expect(Number(mib) * 1024 * 1024).toBe(BULK_BODY_LIMIT.bytes);
    const caddy = which("caddy");
    if (!caddy) {
      console.log("Caddyfile: caddy is not on this machine (apt-get install caddy), so `caddy validate` was skipped");
      return;
    }
    const home = path.join(temp, "caddy-home");
    fs.mkdirSync(home, { recursive: true });
    const run = spawnSync(caddy, ["validate", "--config", path.join(DEPLOY, "Caddyfile"), "--adapter", "caddyfile"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: path.join(home, "data"), XDG_CONFIG_HOME: path.join(home, "config") },
    });
    expect(run.stdout + run.stderr).toMatch(/Valid configuration/);
    expect(run.stderr).not.toMatch(/"level":"(warn|error)"/);
    expect(run.status).toBe(0);
  });

  it("garden.env.example: every value is accepted, and it sets up the server behind the proxy", () => {
    const text = fs.readFileSync(path.join(DEPLOY, "garden.env.example"), "utf8");
    const env = Object.fromEntries(
      text
        .split("\n")
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1).replace(/^"(.*)"$/, "$1")]),
    );
    // The admin commands read it with a POSIX shell (docs/DEPLOY.md): it must parse there too.
    const shell = spawnSync("sh", ["-c", `set -a; . "${path.join(DEPLOY, "garden.env.example")}"; printf %s "$MAIL_FROM"`], { encoding: "utf8" });
    expect(shell.stderr).toBe("");
    expect(shell.stdout).toBe(env.MAIL_FROM);
    const config = loadConfig({ ...env, DATA_DIR: "/var/lib/garden" });
    expect(config).toMatchObject({ host: "127.0.0.1", port: 5000, trustProxy: 1, registrationOpen: false, backupHour: 3 });
    expect(config.teamEmails.length).toBeGreaterThan(0);
    expect(config.smtpUrl).toMatch(/^smtp:\/\//);
    expect(config.mailFrom).toBe("Garden of Remembrance <no-reply@example.org>");
    // Reset-and-import is named, and stays off until the team sets its own key.
    expect(text).toMatch(/^# ADMIN_IMPORT_KEY=$/m);
    expect(config.adminImportKey ?? null).toBe(null);
  });
});
