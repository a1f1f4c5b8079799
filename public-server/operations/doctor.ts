import fs from "node:fs";
import path from "node:path";
import Sqlite from "better-sqlite3";
import nodemailer from "nodemailer";
import { format } from "date-fns";
import { SiteConfig } from "../../shared/schemas/site";
import { nodeVersionProblem } from "../../bin/check-node.cjs";
import { siteUrlProblem } from "../lib/siteUrl";
import type { ServerConfig } from "../config";
import { lastGoodBackup } from "./backupFiles";
import { knownMigrations } from "./onlineBackup";
import { offsiteConfigured, readOffsiteStatus } from "./offsite";

/** One finding: ok, or a problem with the one sentence that says how to fix it. */
export interface Finding {
  ok: boolean;
  check: string;
  detail: string;
  fix?: string;
}

export interface DoctorOptions {
  now?: Date;
  nodeVersion?: string;
  /** How long to wait for the mail server. */
  smtpTimeoutMs?: number;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/** Looks at a server's settings, database, backups and mail server, as `npm run admin -- doctor` does. */
export async function runDoctor(config: ServerConfig, options: DoctorOptions = {}): Promise<Finding[]> {
  const now = options.now ?? new Date();
  return [
    nodeVersion(options.nodeVersion ?? process.versions.node),
    ...database(config),
    lastBackup(config, now),
    offsiteCopy(config, now),
    await smtp(config, options.smtpTimeoutMs ?? 5000),
    ...settings(config),
  ];
}

const ok = (check: string, detail: string): Finding => ({ ok: true, check, detail });
const problem = (check: string, detail: string, fix: string): Finding => ({ ok: false, check, detail, fix });

function nodeVersion(version: string): Finding {
  if (!nodeVersionProblem(version)) return ok("Node", `Node ${version} (24 LTS).`);
  return problem(
    "Node",
    `Node ${version}; this site is built and tested for Node 24 LTS (24.11 or newer).`,
    "Install Node 24 as docs/DEPLOY.md step 1 shows, then restart the service.",
  );
}

function database(config: ServerConfig): Finding[] {
  const file = config.databasePath;
  if (!fs.existsSync(file)) return [problem("Database", `There is no database at ${file}.`, "Start the server once: it creates the database and its tables.")];
  let db: Sqlite.Database | undefined;
  try {
    fs.accessSync(path.dirname(file), fs.constants.W_OK);
    db = new Sqlite(file, { fileMustExist: true, timeout: 2000 });
    // Take the write lock for a moment and let go: proves the file and its folder are writable and not stuck.
    db.exec("BEGIN IMMEDIATE; ROLLBACK;");
    const applied = (db.prepare("SELECT name FROM migrations").all() as { name: string }[]).map((r) => r.name);
    const pending = knownMigrations().filter((m) => !applied.includes(m));
    const unknown = applied.filter((m) => !knownMigrations().includes(m));
    return [
      ok("Database", `${file} is writable.`),
      unknown.length
        ? problem(
            "Migrations",
            `The database was upgraded by a newer version (${unknown.join(", ")}).`,
            "Install that newer version again, or restore a backup made by this one.",
          )
        : pending.length
          ? problem(
              "Migrations",
              `${pending.length} migration(s) not applied yet: ${pending.join(", ")}.`,
              "Restart the service: the server applies them at start, in one transaction.",
            )
          : ok("Migrations", `All ${applied.length} migrations are applied.`),
    ];
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return [
      problem(
        "Database",
        `${file} cannot be written: ${message}.`,
        `Give the service user write access to ${path.dirname(file)}, and check the disk is not full.`,
      ),
    ];
  } finally {
    db?.close();
  }
}

function lastBackup(config: ServerConfig, now: Date): Finding {
  if (config.backupHour === null) {
    return problem(
      "Backups",
      "Nightly backups are off (BACKUP_HOUR=off).",
      "Set BACKUP_HOUR to an hour such as 3, or make sure another backup runs every night.",
    );
  }
  const last = lastGoodBackup(config.backupDir);
  if (!last)
    return problem(
      "Backups",
      `No nightly backup in ${config.backupDir} yet.`,
      `Leave the server running past ${config.backupHour}:00, or check its log for "backup_failed".`,
    );
  const hours = (now.getTime() - last.at.getTime()) / 3_600_000;
  const when = `${path.basename(last.file)} (${format(last.at, "yyyy-MM-dd HH:mm")}, ${Math.round(hours)} h ago)`;
  if (hours > 26)
    return problem("Backups", `The last good backup is ${when}.`, `Look for "backup_failed" in the log (journalctl -u garden) and check the disk has room.`);
  return ok("Backups", `The last good backup is ${when}.`);
}

function offsiteCopy(config: ServerConfig, now: Date): Finding {
  const last = readOffsiteStatus(config.backupDir);
  if (!offsiteConfigured() && !last) {
    return problem(
      "Off-site",
      "No copy of the backups leaves this server: a dead disk or a lost server would take the garden with it.",
      'Set up encrypted off-site copies with restic as docs/DEPLOY.md shows ("Off-site copies").',
    );
  }
  if (!last) {
    return problem(
      "Off-site",
      "No off-site copy has succeeded yet.",
      'Run `garden-admin offsite` once, and look for "offsite" in journalctl -u garden-offsite if it fails.',
    );
  }
  const at = new Date(last.at);
  const hours = (now.getTime() - at.getTime()) / 3_600_000;
  const when = `${last.backup} as snapshot ${last.snapshot} (${format(at, "yyyy-MM-dd HH:mm")}, ${Math.round(hours)} h ago)`;
  if (hours > 26) return problem("Off-site", `The last off-site copy is ${when}.`, "Look at journalctl -u garden-offsite for why the nightly copy failed.");
  return ok("Off-site", `The last off-site copy is ${when}.`);
}

async function smtp(config: ServerConfig, timeoutMs: number): Promise<Finding> {
  if (!config.smtpUrl) {
    return problem(
      "Mail",
      "SMTP_URL is not set: emails are written as files under the data folder, and nobody receives them.",
      "Set SMTP_URL to your mail server, e.g. smtp://user:password@mail.example.org:587.",
    );
  }
  const host = safeHost(config.smtpUrl);
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  try {
    await transport.verify();
    return ok("Mail", `The mail server ${host} answered and accepted the sign-in.`);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return problem(
      "Mail",
      `The mail server ${host} did not answer as expected: ${message.replace(config.smtpUrl, host)}.`,
      "Check SMTP_URL (host, port, user, password) and that this server may reach it (firewall).",
    );
  } finally {
    transport.close();
  }
}

function settings(config: ServerConfig): Finding[] {
  const out: Finding[] = [];
  if (config.teamEmails.length === 0) {
    out.push(
      problem(
        "TEAM_EMAIL",
        "TEAM_EMAIL is not set: nobody is emailed when a family asks for help.",
        "Set TEAM_EMAIL to the team's address(es), separated by commas.",
      ),
    );
  } else out.push(ok("TEAM_EMAIL", `Requests for help go to ${config.teamEmails.length} address(es).`));

  const site = readSite(config.siteConfigPath);
  if (!site) out.push(problem("site.json", `${config.siteConfigPath} is missing or not valid.`, "Copy data/site.json from the repository there and edit it."));
  else if (isFictional(site)) {
    out.push(
      problem(
        "site.json",
        `${config.siteConfigPath} still holds the fictional defaults (example.org addresses, 555 numbers).`,
        "Edit it with the apostolate's own name, phones, email and address.",
      ),
    );
  } else out.push(ok("site.json", `The site is "${site.organisationName}".`));
  if (site) {
    const wrong = siteUrlProblem(site.siteUrl);
    out.push(
      wrong
        ? problem(
            "siteUrl",
            `siteUrl in ${config.siteConfigPath}: ${wrong}.`,
            "Set siteUrl to the site's public address over HTTPS, the name Caddy serves (e.g. https://garden.your-apostolate.org).",
          )
        : ok("siteUrl", `Share links and preview images point to ${site.siteUrl}.`),
    );
  }

  if (config.registrationOpen) {
    out.push(
      problem(
        "REGISTRATION_OPEN",
        "REGISTRATION_OPEN=true: anyone can make an account.",
        "Remove REGISTRATION_OPEN (or set it to false) and make accounts with `npm run admin -- create`.",
      ),
    );
  } else out.push(ok("REGISTRATION_OPEN", "Registration is closed."));

  if (config.trustProxy > 0 && !LOOPBACK.has(config.host)) {
    out.push(
      problem(
        "TRUST_PROXY",
        `TRUST_PROXY=${config.trustProxy} while the server listens on ${config.host}: anyone reaching the port directly can fake their address.`,
        "Set HOST=127.0.0.1 so only the proxy on this machine reaches the server.",
      ),
    );
  } else if (config.trustProxy === 0 && LOOPBACK.has(config.host)) {
    out.push(
      problem(
        "TRUST_PROXY",
        "The server listens on loopback behind a proxy, but TRUST_PROXY=0: every visitor looks like 127.0.0.1 and sign-in cookies are not marked Secure.",
        "Set TRUST_PROXY=1 when Caddy or nginx on this machine is in front.",
      ),
    );
  } else out.push(ok("TRUST_PROXY", `TRUST_PROXY=${config.trustProxy}, HOST=${config.host}.`));

  if (/^http:\/\/(localhost|127\.0\.0\.1)/.test(config.publicUrl)) {
    out.push(
      problem(
        "PUBLIC_URL",
        `PUBLIC_URL is ${config.publicUrl}: links in emails would point nowhere.`,
        "Set PUBLIC_URL to the site's address, e.g. https://garden.example.org.",
      ),
    );
  } else out.push(ok("PUBLIC_URL", `Links in emails point to ${config.publicUrl}.`));
  return out;
}

function readSite(file: string): SiteConfig | null {
  try {
    const parsed = SiteConfig.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The repository's defaults are plainly fictional: example.org addresses and 555 numbers. */
function isFictional(site: SiteConfig): boolean {
  return /@example\.(org|com|net)$/i.test(site.email) || site.phones.some((p) => /\(?555\)?[\s.-]?01\d/.test(p.number));
}

function safeHost(url: string): string {
  try {
    return new URL(url).host; // never the user name or password
  } catch {
    return "(unreadable SMTP_URL)";
  }
}

/** The report as a person reads it: one line per check, and the fix under each problem. */
export function formatFindings(findings: Finding[]): string {
  const lines = findings.flatMap((f) => (f.ok ? [`ok       ${f.check}: ${f.detail}`] : [`PROBLEM  ${f.check}: ${f.detail}`, `         Fix: ${f.fix}`]));
  const problems = findings.filter((f) => !f.ok).length;
  lines.push(problems ? `${problems} problem(s) to fix before this server is safe to run.` : "Everything looks right.");
  return lines.join("\n");
}
