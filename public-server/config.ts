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
  submissionsPerHour: number;
  /** Origins besides our own that may send state-changing requests. */
  allowedOrigins: string[];
  logLevel: "info" | "silent";
  sessionMaxAgeMs: number;
}

type Env = Record<string, string | undefined>;

/** Builds the configuration from an environment (process.env by default); overrides win. */
export function loadConfig(env: Env = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? "data");
  const base: ServerConfig = {
    port: int(env.PORT, 5000),
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databasePath: path.resolve(env.DATABASE_PATH ?? path.join(dataDir, "garden.sqlite")),
    backupDir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, "backups")),
    backupKeep: Math.max(1, int(env.BACKUP_KEEP, 5)),
    siteConfigPath: path.resolve(env.SITE_CONFIG_PATH ?? path.join(dataDir, "site.json")),
    webDir: path.resolve(env.WEB_DIR ?? path.join("dist", "web")),
    sessionSecret: env.SESSION_SECRET || undefined,
    trustProxy: int(env.TRUST_PROXY, 0),
    registrationOpen: env.REGISTRATION_OPEN === "true",
    adminImportKey: env.ADMIN_IMPORT_KEY || undefined,
    expectedImportCount: int(env.EXPECTED_IMPORT_COUNT, DEFAULT_EXPECTED_IMPORT_COUNT),
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 10),
    loginWindowMs: int(env.LOGIN_WINDOW_MINUTES, 15) * 60_000,
    submissionsPerHour: int(env.SUBMISSIONS_PER_HOUR, 20),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL === "silent" ? "silent" : "info",
    sessionMaxAgeMs: int(env.SESSION_MAX_AGE_HOURS, 12) * 3_600_000,
    ...mailSettingsFromEnv(env),
  };
  return { ...base, ...overrides };
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`Setting must be a whole number, got "${value}"`);
  return parsed;
}
