import path from "node:path";
import { z } from "zod";
import { DEFAULT_EXPECTED_IMPORT_COUNT } from "../shared/constants";
import { DEFAULT_MAIL_FROM, splitAddresses, type MailSettings } from "./mail/config";

/** Every setting of the server, read once from the environment (see the README's table). */
export interface ServerConfig extends MailSettings {
  port: number;
  host: string;
  /** Folder for the database, the session secret, backups and the outbox. */
  dataDir: string;
  databasePath: string;
  backupDir: string;
  /** How many reset-and-import backups are kept (the newest); older ones are removed after a new one is written. */
  backupKeep: number;
  siteConfigPath: string;
  /** Built site (index.html and assets); may be missing in API-only tests. */
  webDir: string;
  sessionSecret: string | undefined;
  /** How many reverse proxies in front of us may set X-Forwarded-For (0 = none). */
  trustProxy: number;
  registrationOpen: boolean;
  adminImportKey: string | undefined;
  expectedImportCount: number;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  loginMaxFailures: number;
  loginWindowMs: number;
  /** Sign-in attempts per username in the window checked at once; later ones are slowed down, never locked out. */
  loginSlowdownAfter: number;
  /** Wrong reset-and-import keys per account, and per address, in an hour before 429. */
  importKeyMaxFailures: number;
  /** New accounts per address per hour (when registration is open). */
  registrationsPerHour: number;
  /** Public submissions received per address per hour. */
  submissionsPerHour: number;
  /**
   * Public submissions refused (a field missing or wrong) per address per hour: well above what a
   * person who struggles with a form sends, so only a flood of bad posts is stopped by it.
   */
  refusedSubmissionsPerHour: number;
  /** Origins besides our own that may send state-changing requests. */
  allowedOrigins: string[];
  logLevel: "info" | "silent";
  sessionMaxAgeMs: number;
  /** Days a request for help is kept before the retention job deletes it (stated on the Privacy page). */
  assistanceRetentionDays: number;
  /** The clock of time-based jobs (retention) and of the rate limits; tests move it instead of waiting. */
  now: () => Date;
  /** A sign-in ends this long after it was made, however active the session (renewal stops there). */
  sessionAbsoluteMs: number;
  /** Local hour (0–23) after which the nightly online backup is taken; null = no nightly backup. */
  backupHour: number | null;
  /** Nightly copies kept, newest first. */
  backupKeepDaily: number;
  /** Older copies kept besides those, one per week. */
  backupKeepWeekly: number;
  /** A bulk body that brings nothing new for this long is dropped, so a stalled sender cannot hold an upload's place. */
  uploadStallMs: number;
}

// Each kind of value, with the sentence a person reads when it is wrong ("PORT must be …").
const wholeNumber = (fallback: number, min = 0) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number such as ${fallback}`)
    .transform(Number)
    .refine((n) => n >= min, `must be ${min} or more`)
    .default(fallback);
const hourOrOff = (fallback: number) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(off|\d{1,2})$/, `must be an hour from 0 to 23, or "off"`)
    .transform((v) => (v === "off" ? null : Number(v)))
    .refine((n) => n === null || n <= 23, `must be an hour from 0 to 23, or "off"`)
    .default(fallback);
const yesNo = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["true", "false", "1", "0", "yes", "no"], `must be true or false`))
    .transform((v) => v === "true" || v === "1" || v === "yes")
    .default(fallback);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z
    .string()
    .trim()
    .pipe(z.enum(values, `must be ${values.slice(0, -1).join(", ")} or ${values.at(-1)}`))
    .default(fallback);
const text = () => z.string().optional();

/**
 * The environment, as one schema: each setting once, with its kind and default.
 * An unset or empty variable means the default. Add a setting here and in `loadConfig`.
 */
const Env = z.object({
  PORT: wholeNumber(5000),
  HOST: text(),
  DATA_DIR: z.string().default("data"),
  DATABASE_PATH: text(),
  BACKUP_DIR: text(),
  SITE_CONFIG_PATH: text(),
  WEB_DIR: z.string().default(path.join("dist", "web")),
  SESSION_SECRET: text(),
  SESSION_MAX_AGE_HOURS: wholeNumber(12, 1),
  TRUST_PROXY: wholeNumber(0),
  ALLOWED_ORIGINS: z.string().default(""),
  REGISTRATION_OPEN: yesNo(false),
  ADMIN_USERNAME: text(),
  ADMIN_PASSWORD: text(),
  ADMIN_IMPORT_KEY: text(),
  EXPECTED_IMPORT_COUNT: wholeNumber(DEFAULT_EXPECTED_IMPORT_COUNT),
  LOGIN_MAX_FAILURES: wholeNumber(10),
  LOGIN_WINDOW_MINUTES: wholeNumber(15),
  LOGIN_SLOWDOWN_AFTER: wholeNumber(5, 1),
  IMPORT_KEY_MAX_FAILURES: wholeNumber(5, 1),
  REGISTRATIONS_PER_HOUR: wholeNumber(5),
  SUBMISSIONS_PER_HOUR: wholeNumber(20),
  REFUSED_SUBMISSIONS_PER_HOUR: wholeNumber(100, 1),
  ASSISTANCE_RETENTION_DAYS: wholeNumber(180, 1),
  SESSION_ABSOLUTE_DAYS: wholeNumber(7, 1),
  LOG_LEVEL: oneOf(["info", "silent"], "info"),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^\s]+$/i, `must start with smtp:// or smtps://, such as smtp://user:password@mail.example.org:587`)
    .optional(),
  MAIL_FROM: z.string().trim().default(DEFAULT_MAIL_FROM),
  TEAM_EMAIL: z.string().default(""),
  PUBLIC_URL: z.string().trim().pipe(z.url(`must be a full address such as https://garden.example.org`)).default("http://localhost:5000"),
  MAIL_RETRY_BASE_MS: wholeNumber(30_000),
  MAIL_MAX_ATTEMPTS: wholeNumber(6, 1),
  MAIL_POLL_MS: wholeNumber(2_000, 10),
  DIGEST_HOUR: hourOrOff(8),
  BACKUP_HOUR: hourOrOff(3),
  BACKUP_KEEP: wholeNumber(5, 1),
  BACKUP_KEEP_DAILY: wholeNumber(7, 1),
  BACKUP_KEEP_WEEKLY: wholeNumber(4),
  UPLOAD_STALL_SECONDS: wholeNumber(30, 1),
});

type Env = Record<string, string | undefined>;

const SECRETS = new Set(["SMTP_URL", "SESSION_SECRET", "ADMIN_PASSWORD", "ADMIN_IMPORT_KEY"]);

/** A setting with a value we cannot use; the message has one sentence per bad setting. */
export class ConfigError extends Error {}

/** Builds the configuration from an environment (process.env by default); overrides win. */
export function loadConfig(env: Env = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const e = parseEnv(env);
  const dataDir = path.resolve(e.DATA_DIR);
  const base: ServerConfig = {
    port: e.PORT,
    // Behind a proxy the server trusts X-Forwarded-For, so only the proxy on this machine may reach it:
    // anyone else connecting to the port directly could claim any address.
    host: e.HOST ?? (e.TRUST_PROXY > 0 ? "127.0.0.1" : "0.0.0.0"),
    dataDir,
    databasePath: path.resolve(e.DATABASE_PATH ?? path.join(dataDir, "garden.sqlite")),
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, "backups")),
    backupKeep: e.BACKUP_KEEP,
    siteConfigPath: path.resolve(e.SITE_CONFIG_PATH ?? path.join(dataDir, "site.json")),
    webDir: path.resolve(e.WEB_DIR),
    sessionSecret: e.SESSION_SECRET,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_HOURS * 3_600_000,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: splitList(e.ALLOWED_ORIGINS),
    registrationOpen: e.REGISTRATION_OPEN,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    adminImportKey: e.ADMIN_IMPORT_KEY,
    expectedImportCount: e.EXPECTED_IMPORT_COUNT,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    loginSlowdownAfter: e.LOGIN_SLOWDOWN_AFTER,
    importKeyMaxFailures: e.IMPORT_KEY_MAX_FAILURES,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    submissionsPerHour: e.SUBMISSIONS_PER_HOUR,
    refusedSubmissionsPerHour: e.REFUSED_SUBMISSIONS_PER_HOUR,
    assistanceRetentionDays: e.ASSISTANCE_RETENTION_DAYS,
    now: () => new Date(),
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    teamEmails: splitAddresses(e.TEAM_EMAIL),
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ""),
    mailRetryBaseMs: e.MAIL_RETRY_BASE_MS,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    mailPollMs: e.MAIL_POLL_MS,
    digestHour: e.DIGEST_HOUR,
    backupHour: e.BACKUP_HOUR,
    uploadStallMs: e.UPLOAD_STALL_SECONDS * 1000,
    backupKeepDaily: e.BACKUP_KEEP_DAILY,
    backupKeepWeekly: e.BACKUP_KEEP_WEEKLY,
  };
  return { ...base, ...overrides };
}

/** Parses the environment with the schema; every bad value is named in one sentence of its own. */
function parseEnv(env: Env): z.infer<typeof Env> {
  // An empty variable (`PORT=`) means "not set", as in most tools.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ""));
  const result = Env.safeParse(given);
  if (result.success) return result.data;
  const sentences = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    // A value that may hold a password is never repeated (this sentence may end up in a log).
    return SECRETS.has(name) ? `${name} ${issue.message}.` : `${name} ${issue.message}; it is set to "${given[name]}".`;
  });
  throw new ConfigError(sentences.join("\n"));
}

function splitList(value: string): string[] {
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/** A warning to log at start when the server trusts a proxy's headers yet listens beyond this machine; null when safe. */
export function proxyExposureWarning(config: Pick<ServerConfig, "host" | "port" | "trustProxy">): string | null {
  if (config.trustProxy === 0 || LOOPBACK.test(config.host)) return null;
  return `TRUST_PROXY is set but the server listens on ${config.host}: anyone who reaches port ${config.port} directly can claim any address in X-Forwarded-For. Set HOST=127.0.0.1 (the proxy runs on this machine) or let only the proxy reach the port.`;
}
