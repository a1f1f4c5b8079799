import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../public-server/config";
import { nightlyName } from "../../public-server/operations/backupFiles";
import { runDoctor } from "../../public-server/operations/doctor";
import { takeOnlineBackup } from "../../public-server/operations/onlineBackup";
import { cleanupAfterAll } from "../support/cleanup";
import { Client } from "../support/client";
import { ROOT, startTestServer } from "../support/testServer";
import { flowerInput } from "./fixtures";

/**
 * Off-site copies with restic, against a real local restic repository in a temporary folder: the
 * nightly backup goes there encrypted, the retention keeps one a day, the doctor reports the copy, and
 * DEPLOY's restore (restic dump, then `garden-admin restore`) brings the garden back on an empty server.
 */
const { tempDir } = cleanupAfterAll();
const restic = spawnSync("restic", ["version"], { encoding: "utf8" });
const hasRestic = restic.status === 0;
if (!hasRestic) console.log("Skipped the off-site backup tests: restic is not installed here (Debian: sudo apt-get install restic).");

const PASSWORD = "correct-horse-offsite-7f3a";

function run(command: string, args: string[], env: Record<string, string>, input?: string) {
  const r = spawnSync(command, args, { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "silent", ...env }, encoding: "utf8", input, timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const admin = (args: string[], env: Record<string, string>) => run(process.execPath, ["--import", "tsx", "public-server/cli.ts", ...args], env);

describe.runIf(hasRestic)("off-site copies with restic", () => {
  it("copies the nightly backup encrypted, keeps one a day, is reported by the doctor, and restores as DEPLOY says", { timeout: 240_000 }, async () => {
    const repo = tempDir("garden-restic-repo-");
    const passwordFile = path.join(tempDir("garden-restic-secret-"), "restic-password");
    fs.writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
    const resticEnv = { RESTIC_REPOSITORY: repo, RESTIC_PASSWORD_FILE: passwordFile, RESTIC_CACHE_DIR: tempDir("garden-restic-cache-") };
    expect(run("restic", ["init"], resticEnv).code).toBe(0);

    // A live garden with one flower, and its nightly backup.
    const dataDir = tempDir("garden-offsite-");
    const server = await startTestServer({ dataDir });
    const made = await new Client(server.url).post("/api/memorial-flowers", flowerInput({ babyFirstName: "Offsite" }));
    expect(made.status).toBe(201);
    await takeOnlineBackup(server.config.databasePath, path.join(server.config.backupDir, nightlyName(new Date(Date.now() - 60_000))));
    await server.stop();

    const env = { DATA_DIR: dataDir, ...resticEnv };
    const first = admin(["offsite"], env);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/^Copied garden-nightly-[\d-]+\.sqlite \(\d+ bytes\) to the off-site repository as snapshot [0-9a-f]{8}, encrypted\.\n/);
    expect(first.out + first.err).not.toContain(PASSWORD);
    // Encrypted: the flower's name appears nowhere in the repository's files.
    const files = fs.readdirSync(repo, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    for (const f of files) expect(fs.readFileSync(path.join(f.parentPath, f.name)).includes("Offsite"), f.name).toBe(false);

    // Retention: a second copy the same day leaves one daily snapshot.
    expect(admin(["offsite"], env).code).toBe(0);
    const snapshots = JSON.parse(run("restic", ["snapshots", "--json"], resticEnv).out) as unknown[];
    expect(snapshots).toHaveLength(1);

    // The doctor: the last copy and its age; and nothing set up is a problem.
    const findings = await runDoctor(loadConfig({ DATA_DIR: dataDir }), { smtpTimeoutMs: 100 });
    expect(findings.find((f) => f.check === "Off-site")).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/^The last off-site copy is garden-nightly-.* as snapshot [0-9a-f]{8} \(.*, 0 h ago\)\.$/),
    });
    const later = await runDoctor(loadConfig({ DATA_DIR: dataDir }), { smtpTimeoutMs: 100, now: new Date(Date.now() + 30 * 3_600_000) });
    expect(later.find((f) => f.check === "Off-site")).toMatchObject({ ok: false, detail: expect.stringMatching(/30 h ago/) });
    const none = await runDoctor(loadConfig({ DATA_DIR: tempDir("garden-no-offsite-") }), { smtpTimeoutMs: 100 });
    expect(none.find((f) => f.check === "Off-site")).toMatchObject({ ok: false, detail: expect.stringMatching(/No copy of the backups leaves this server/) });

    // The server is lost: a new one, empty, restored from the off-site copy as docs/DEPLOY.md says.
    const fresh = tempDir("garden-restored-");
    const empty = await startTestServer({ dataDir: fresh });
    await empty.stop();
    const guide = fs.readFileSync(path.join(ROOT, "docs/DEPLOY.md"), "utf8");
    expect(guide).toContain("restic dump latest /garden.sqlite > /var/lib/garden/backups/garden-offsite.sqlite");
    expect(guide).toContain("garden-admin restore garden-offsite.sqlite");
    const dump = spawnSync("restic", ["dump", "latest", "/garden.sqlite"], { env: { ...process.env, ...resticEnv }, maxBuffer: 256 * 1024 * 1024 });
    expect(dump.status).toBe(0);
    fs.mkdirSync(path.join(fresh, "backups"), { recursive: true });
    fs.writeFileSync(path.join(fresh, "backups/garden-offsite.sqlite"), dump.stdout);
    const restored = admin(["restore", "garden-offsite.sqlite"], { DATA_DIR: fresh });
    expect(restored.code, restored.err).toBe(0);
    const db = new Database(path.join(fresh, "garden.sqlite"), { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM memorial_flowers WHERE baby_first_name = 'Offsite'").get()).toEqual({ n: 1 });
    db.close();
  });

  it("says plainly when no repository is set, and never shows the repository's password on failure", () => {
    const dataDir = tempDir("garden-offsite-none-");
    const unset = admin(["offsite"], { DATA_DIR: dataDir, RESTIC_REPOSITORY: "" });
    expect(unset.code).toBe(1);
    expect(unset.err).toContain('RESTIC_REPOSITORY is not set: see docs/DEPLOY.md, "Off-site copies".');
    fs.mkdirSync(path.join(dataDir, "backups"));
    fs.writeFileSync(path.join(dataDir, "backups", nightlyName(new Date())), "not a database, but restic copies bytes");
    const wrong = admin(["offsite"], { DATA_DIR: dataDir, RESTIC_REPOSITORY: "rest:http://garden:s3cret-pass@127.0.0.1:9/repo/", RESTIC_PASSWORD: PASSWORD });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(/restic backup failed/);
    expect(wrong.err + wrong.out).not.toContain("s3cret-pass");
    expect(wrong.err + wrong.out).not.toContain(PASSWORD);
  });
});
