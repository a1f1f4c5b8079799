import path from "node:path";
import { DEFAULT_EXPECTED_IMPORT_COUNT } from "../shared/constants";
import { mailSettingsFromEnv, type MailSettings } from "./mail/config";

/** Every setting of the server, read once from the environment (see the README's table). */
export interface ServerConfig extends MailSettings {
  port: number;
  host: string;
  /** Folder for the database, the session secret, backups and the outbox. */
  dataDir: string;
  databasePath: string;
  backupDir: string;
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
  submissionsPerHour: number;
  /** Origins besides our own that may send state-changing requests. */
  allowedOrigins: string[];
  logLevel: "info" | "silent";
  sessionMaxAgeMs: number;
  /** Days a request for help is kept before the retention job deletes it (stated on the Privacy page). */
  assistanceRetentionDays: number;
  /** The clock of time-based jobs (retention); tests move it instead of waiting. */
  now: () => Date;
  /** A sign-in ends this long after it was made, however active the session (renewal stops there). */
  sessionAbsoluteMs: number;
}

type Env = Record<string, string | undefined>;

/** Builds the configuration from an environment (process.env by default); overrides win. */
export function loadConfig(env: Env = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? "data");
  const trustProxy = int(env.TRUST_PROXY, 0);
  const base: ServerConfig = {
    port: int(env.PORT, 5000),
    // Behind a proxy the server trusts X-Forwarded-For, so only the proxy on this machine may reach it:
    // anyone else connecting to the port directly could claim any address.
    host: env.HOST || (trustProxy > 0 ? "127.0.0.1" : "0.0.0.0"),
    dataDir,
    databasePath: path.resolve(env.DATABASE_PATH ?? path.join(dataDir, "garden.sqlite")),
    backupDir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, "backups")),
    siteConfigPath: path.resolve(env.SITE_CONFIG_PATH ?? path.join(dataDir, "site.json")),
    webDir: path.resolve(env.WEB_DIR ?? path.join("dist", "web")),
    sessionSecret: env.SESSION_SECRET || undefined,
    trustProxy,
    registrationOpen: env.REGISTRATION_OPEN === "true",
    adminImportKey: env.ADMIN_IMPORT_KEY || undefined,
    expectedImportCount: int(env.EXPECTED_IMPORT_COUNT, DEFAULT_EXPECTED_IMPORT_COUNT),
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 10),
    loginWindowMs: int(env.LOGIN_WINDOW_MINUTES, 15) * 60_000,
    loginSlowdownAfter: int(env.LOGIN_SLOWDOWN_AFTER, 5),
    importKeyMaxFailures: int(env.IMPORT_KEY_MAX_FAILURES, 5),
    registrationsPerHour: int(env.REGISTRATIONS_PER_HOUR, 5),
    submissionsPerHour: int(env.SUBMISSIONS_PER_HOUR, 20),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL === "silent" ? "silent" : "info",
    sessionMaxAgeMs: int(env.SESSION_MAX_AGE_HOURS, 12) * 3_600_000,
    assistanceRetentionDays: positive(int(env.ASSISTANCE_RETENTION_DAYS, 180), "ASSISTANCE_RETENTION_DAYS"),
    now: () => new Date(),
    sessionAbsoluteMs: int(env.SESSION_ABSOLUTE_DAYS, 7) * 86_400_000,
    ...mailSettingsFromEnv(env),
  };
  return { ...base, ...overrides };
}

function positive(value: number, name: string): number {
  if (value < 1) throw new Error(`${name} must be at least 1, got ${value}`);
  return value;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`Setting must be a whole number, got "${value}"`);
  return parsed;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/** A warning to log at start when the server trusts a proxy's headers yet listens beyond this machine; null when safe. */
export function proxyExposureWarning(config: Pick<ServerConfig, "host" | "port" | "trustProxy">): string | null {
  if (config.trustProxy === 0 || LOOPBACK.test(config.host)) return null;
  return `TRUST_PROXY is set but the server listens on ${config.host}: anyone who reaches port ${config.port} directly can claim any address in X-Forwarded-For. Set HOST=127.0.0.1 (the proxy runs on this machine) or let only the proxy reach the port.`;
}
