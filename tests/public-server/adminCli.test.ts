import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, startTestServer } from "../support/testServer";
import { ConfigError, loadConfig } from "../../public-server/config";
import { openDatabase } from "../../public-server/db";
import { migrations } from "../../public-server/migrations";
import { nightlyName } from "../../public-server/operations/backupFiles";
import { takeOnlineBackup } from "../../public-server/operations/onlineBackup";
import { runDoctor, type Finding } from "../../public-server/operations/doctor";
import { SmtpCapture } from "./mailSmtp";
import { cleanupAfterAll } from "../support/cleanup";
import { until } from "../support/until";

const { cleanups, tempDir } = cleanupAfterAll();

/** `npm run admin -- …`, as a process of its own. */
function admin(args: string[], env: Record<string, string>) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "public-server/cli.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

const problems = (findings: Finding[]) => Object.fromEntries(findings.filter((f) => !f.ok).map((f) => [f.check, f]));

/** A data folder with a database the server made (then stopped). */
async function dataFolder(): Promise<string> {
  const dir = tempDir("garden-doctor-");
  const s = await startTestServer({ dataDir: dir });
  await s.stop();
  return dir;
}

describe("settings", () => {
  it("keep their defaults, and every bad value fails with one sentence naming the setting", () => {
    expect(loadConfig({})).toMatchObject({
      port: 5000,
      host: "0.0.0.0",
      trustProxy: 0,
      registrationOpen: false,
      backupHour: 3,
      backupKeepDaily: 7,
      backupKeepWeekly: 4,
    });
    expect(loadConfig({ PORT: "", BACKUP_HOUR: "OFF", REGISTRATION_OPEN: "true" })).toMatchObject({ port: 5000, backupHour: null, registrationOpen: true });
    let error: unknown;
    try {
      loadConfig({ PORT: "50a", BACKUP_HOUR: "24", BACKUP_KEEP_DAILY: "0", REGISTRATION_OPEN: "maybe", LOG_LEVEL: "debug", SMTP_URL: "mail:s3cret@host" });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.split("\n").sort()).toEqual([
      'BACKUP_HOUR must be an hour from 0 to 23, or "off"; it is set to "24".',
      'BACKUP_KEEP_DAILY must be 1 or more; it is set to "0".',
      'LOG_LEVEL must be info or silent; it is set to "debug".',
      'PORT must be a whole number such as 5000; it is set to "50a".',
      'REGISTRATION_OPEN must be true or false; it is set to "maybe".',
      // A value that may hold a password is never repeated.
      "SMTP_URL must start with smtp:// or smtps://, such as smtp://user:password@mail.example.org:587.",
    ]);
  });
});

describe("npm run admin -- create, on a terminal", () => {
  // `script` gives the command a terminal of its own (util-linux); what we send is typed into it.
  const hasScript = spawnSync("script", ["--version"]).status === 0;
  /** Runs the command on a terminal and types each answer once its prompt has appeared. */
  const onTerminal = async (args: string, env: Record<string, string>, answers: [prompt: string, typed: string][]) => {
    const command = `${process.execPath} --import tsx public-server/cli.ts ${args}`;
    const child = spawn("script", ["-qec", command, "/dev/null"], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "silent", ...env } });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    let seen = 0;
    for (const [prompt, typed] of answers) {
      await until(() => out.indexOf(prompt, seen) >= 0, `the prompt "${prompt}"`, 90_000);
      seen = out.indexOf(prompt, seen) + prompt.length;
      child.stdin.write(`${typed}\r`);
    }
    const code = await exited;
    return { code, out };
  };

  it.skipIf(!hasScript)("asks for the password twice, and makes the account only when both are the same", { timeout: 200_000 }, async () => {
    const dir = await dataFolder();
    const differ = await onTerminal("create alice", { DATA_DIR: dir, ADMIN_PASSWORD: "" }, [
      ["Password for alice: ", "a long first password"],
      ["The same password again: ", "a long other password"],
    ]);
    expect(differ.out).toContain("Password for alice: ");
    expect(differ.out).toContain("The same password again: ");
    expect(differ.out).toContain("The two passwords were not the same, so nothing was changed: please run the command again.");
    expect(differ.code).toBe(1);
    expect(differ.out).not.toContain("a long first password");
    expect(admin(["list"], { DATA_DIR: dir }).out).toBe("No accounts yet.\n");

    const same = await onTerminal("create alice", { DATA_DIR: dir, ADMIN_PASSWORD: "" }, [
      ["Password for alice: ", "a long shared password"],
      ["The same password again: ", "a long shared password"],
    ]);
    expect(same.out).toContain('Created admin account "alice"');
    expect(same.code).toBe(0);
    expect(admin(["list"], { DATA_DIR: dir }).out).toBe("alice\tadmin\n");
  });
});

describe("npm run admin -- doctor", () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await SmtpCapture.start();
    cleanups.push(() => smtp.close());
  });

  it("reports each setting unsafe for production, with how to fix it", async () => {
    const dir = await dataFolder();
    const config = loadConfig({ DATA_DIR: dir, REGISTRATION_OPEN: "true", TRUST_PROXY: "1", HOST: "0.0.0.0" });
    const found = problems(await runDoctor(config));
    expect(Object.keys(found).sort()).toEqual([
      "Backups",
      "Mail",
      "Off-site",
      "PUBLIC_URL",
      "REGISTRATION_OPEN",
      "TEAM_EMAIL",
      "TRUST_PROXY",
      "site.json",
      "siteUrl",
    ]);
    expect(found.TEAM_EMAIL!.detail).toMatch(/nobody is emailed when a family asks for help/);
    expect(found["site.json"]!.detail).toMatch(/fictional defaults/);
    expect(found.REGISTRATION_OPEN!.detail).toMatch(/anyone can make an account/);
    expect(found.TRUST_PROXY!.fix).toBe("Set HOST=127.0.0.1 so only the proxy on this machine reaches the server.");
    for (const f of Object.values(found)) expect(f.fix, f.check).toMatch(/^[A-Z].+\.$/);
  });

  it("finds nothing wrong on a server set up as docs/DEPLOY.md says", async () => {
    const dir = await dataFolder();
    const site = JSON.parse(fs.readFileSync(path.join(dir, "site.json"), "utf8"));
    site.email = "care@hope-apostolate.test";
    site.phones = [{ label: "Main line", number: "(540) 123-4567" }];
    site.siteUrl = "https://garden.hope-apostolate.test";
    fs.writeFileSync(path.join(dir, "site.json"), JSON.stringify(site));
    const now = new Date();
    const config = loadConfig({
      DATA_DIR: dir,
      HOST: "127.0.0.1",
      TRUST_PROXY: "1",
      TEAM_EMAIL: "team@hope-apostolate.test",
      SMTP_URL: smtp.url,
      PUBLIC_URL: "https://garden.hope-apostolate.test",
    });
    await takeOnlineBackup(config.databasePath, path.join(config.backupDir, nightlyName(new Date(now.getTime() - 3_600_000))));
    // What `npm run admin -- offsite` leaves after a copy (tests/public-server/offsite.test.ts makes real ones).
    fs.writeFileSync(
      path.join(config.backupDir, "offsite.json"),
      JSON.stringify({ at: now.toISOString(), backup: "garden-nightly-x.sqlite", snapshot: "0a1b2c3d" }),
    );
    const findings = await runDoctor(config, { now });
    expect(findings.filter((f) => !f.ok)).toEqual([]);
    expect(findings.map((f) => f.check)).toEqual([
      "Node",
      "Database",
      "Migrations",
      "Backups",
      "Off-site",
      "Mail",
      "TEAM_EMAIL",
      "site.json",
      "siteUrl",
      "REGISTRATION_OPEN",
      "TRUST_PROXY",
      "PUBLIC_URL",
    ]);
  });

  it("reports an old Node, pending migrations, an old backup and a mail server that does not answer, within the timeout", async () => {
    const dir = tempDir("garden-doctor-old-");
    const config = loadConfig({ DATA_DIR: dir, SMTP_URL: `smtp://garden:s3cret@127.0.0.1:${smtp.port}` });
    const db = await openDatabase(config.databasePath, undefined, migrations.slice(0, 2));
    await db.close();
    await takeOnlineBackup(config.databasePath, path.join(config.backupDir, nightlyName(new Date(2026, 0, 1, 3))));
    await smtp.close();
    const started = Date.now();
    const found = problems(await runDoctor(config, { nodeVersion: "20.19.0", smtpTimeoutMs: 1000, now: new Date(2026, 0, 3, 9) }));
    await smtp.open();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(found.Node!.detail).toMatch(/Node 20\.19\.0/);
    expect(found.Migrations!.detail).toMatch(new RegExp(`${migrations.length - 2} migration\\(s\\) not applied yet: AdminTools1732260000000`));
    expect(found.Backups!.detail).toMatch(/garden-nightly-2026-01-01-030000\.sqlite \(2026-01-01 03:00, 54 h ago\)/);
    expect(found.Mail!.detail).toMatch(/did not answer/);
    expect(found.Mail!.detail).not.toContain("s3cret");
  });

  it("exits 1 while a problem is left, and prints each with its fix", async () => {
    const dir = await dataFolder();
    const run = admin(["doctor"], { DATA_DIR: dir, REGISTRATION_OPEN: "true" });
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/^PROBLEM {2}REGISTRATION_OPEN: .*\n {9}Fix: Remove REGISTRATION_OPEN/m);
    expect(run.out).toMatch(/^ok {7}Node: /m);
    expect(run.out).toMatch(/problem\(s\) to fix before this server is safe to run\.$/m);
  });
});

describe("npm run admin -- create / list (parseArgs)", () => {
  it("creates accounts as README shows, lists them, and refuses what it does not know", async () => {
    const dir = tempDir("garden-cli-");
    const env = { DATA_DIR: dir, ADMIN_PASSWORD: "a long enough password" };
    const alice = admin(["create", "alice"], env);
    expect(alice).toMatchObject({ code: 0, out: expect.stringMatching(/^Created admin account "alice" in /) });
    expect(admin(["create", "bob", "--role", "user"], env)).toMatchObject({ code: 0, out: expect.stringMatching(/^Created user account "bob"/) });
    expect(admin(["create", "--role=user", "carol"], env).out).toMatch(/^Created user account "carol"/);
    expect(admin(["list"], env)).toMatchObject({ code: 0, out: "alice\tadmin\nbob\tuser\ncarol\tuser\n" });

    const unknown = admin(["create", "dave", "--rol", "user"], env);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/Unknown option '--rol'/);
    expect(unknown.err).toMatch(/npm run admin -- create <username> \[--role admin\|user\]/);
    expect(admin(["frobnicate"], env)).toMatchObject({ code: 2, err: expect.stringMatching(/^There is no command "frobnicate"\./) });
    expect(admin(["list"], { ...env, PORT: "x" })).toMatchObject({ code: 1, err: 'PORT must be a whole number such as 5000; it is set to "x".\n' });
  }, 240_000); // seven processes, each compiling the CLI: slow on a busy machine
});
