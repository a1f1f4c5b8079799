/** The mail settings (see the README's "Email" section); config.ts reads them from the environment. */
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

export const DEFAULT_MAIL_FROM = "Garden of Remembrance <no-reply@example.org>";

/** "a@x.org, b@y.org" → ["a@x.org", "b@y.org"]. */
export function splitAddresses(value: string | undefined): string[] {
  return (value ?? "")
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
}
