/** The mail settings (see the README's "Email" section), read from the environment by loadConfig. */
export interface MailSettings {
  /** smtp://user:pass@host:587 or smtps://…; unset = write each message as an .eml file under DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where assistance requests and the daily digest go; empty = the team emails are skipped (warned once at start). */
  teamEmails: string[];
  /** The site's address as families reach it, for links in messages. */
  publicUrl: string;
  /** First retry delay; later ones are 4×, 20×, 120× and 720× it (30 s, 2 min, 10 min, 1 h, 6 h by default). */
  mailRetryBaseMs: number;
  /** Attempts before a message is marked failed and shown to administrators. */
  mailMaxAttempts: number;
  /** How often the worker looks for due messages (it is also woken after each enqueue). */
  mailPollMs: number;
  /** Local hour (0–23) after which the daily moderation digest goes out; null = no digest. */
  digestHour: number | null;
}

type Env = Record<string, string | undefined>;

export const DEFAULT_MAIL_FROM = "Garden of Remembrance <no-reply@example.org>";

/** Reads the mail settings from an environment; a malformed number fails the start, as the other settings do. */
export function mailSettingsFromEnv(env: Env): MailSettings {
  return {
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    teamEmails: splitAddresses(env.TEAM_EMAIL),
    publicUrl: (env.PUBLIC_URL?.trim() || "http://localhost:5000").replace(/\/+$/, ""),
    mailRetryBaseMs: whole(env.MAIL_RETRY_BASE_MS, 30_000, "MAIL_RETRY_BASE_MS"),
    mailMaxAttempts: Math.max(1, whole(env.MAIL_MAX_ATTEMPTS, 6, "MAIL_MAX_ATTEMPTS")),
    mailPollMs: Math.max(10, whole(env.MAIL_POLL_MS, 2_000, "MAIL_POLL_MS")),
    digestHour: digestHour(env.DIGEST_HOUR),
  };
}

/** "a@x.org, b@y.org" → ["a@x.org", "b@y.org"]. */
export function splitAddresses(value: string | undefined): string[] {
  return (value ?? "")
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function whole(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

function digestHour(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return 8;
  if (value.trim().toLowerCase() === "off") return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 23) throw new Error(`DIGEST_HOUR must be an hour from 0 to 23 or "off", got "${value}"`);
  return n;
}
