import path from "node:path";
import nodemailer from "nodemailer";
import type { OutboxMessage } from "../entities/OutboxMessage";
import type { Logger } from "../lib/log";
import { parseDbTime } from "../lib/time";
import { ensurePrivateDir, writePrivateFile } from "../lib/privateFiles";

/** Hands one message over; resolves only once it was accepted (by the mail server, or written to disk). */
export interface MailTransport {
  readonly mode: "smtp" | "files";
  send(message: OutboxMessage): Promise<void>;
  close(): void;
}

/** A mail error whose retry would fail the same way (the server refused the message or its recipients for good). */
export function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** An error as stored for administrators and logged: addresses are replaced, length is bounded. */
export function describeError(err: unknown, withAddresses = true): string {
  const e = err as { code?: string; responseCode?: number; message?: string };
  let text = [e.code, e.responseCode, e.message ?? String(err)].filter((x) => x !== undefined && x !== "").join(" ");
  if (!withAddresses) text = text.replace(/[^\s<>@"',;:]+@[^\s<>@"',;:]+/g, "[address]");
  return text.slice(0, 500);
}

function envelopeOf(from: string, m: OutboxMessage) {
  // A stable Message-ID: if the one unavoidable duplicate ever happens (a crash between the
  // server's acceptance and our "sent" write), mail clients can tell the copies are the same.
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? "localhost";
  const created = parseDbTime(m.createdAt).getTime();
  return {
    from,
    to: m.toAddress,
    replyTo: m.replyTo ?? undefined,
    subject: m.subject,
    text: m.text,
    html: m.html,
    messageId: `<outbox.${m.id}.${created}@${domain}>`,
    headers: { "Auto-Submitted": "auto-generated", ...m.headers },
  };
}

/** SMTP through nodemailer; one connection per message (the volume is small), with bounded waits. */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    mode: "smtp",
    async send(m) {
      await transporter.sendMail(envelopeOf(from, m));
    },
    close: () => transporter.close(),
  };
}

/** The file an email becomes without SMTP_URL (its name depends only on the message). */
export const emlName = (m: Pick<OutboxMessage, "id" | "kind">) => `${String(m.id).padStart(6, "0")}-${m.kind}.eml`;

/**
 * Without SMTP_URL: each message becomes DATA_DIR/outbox/<id>-<kind>.eml, so a
 * team on a bare machine sees what would have gone out. The name depends only
 * on the message, so writing it again replaces it: never two copies.
 */
export function fileTransport(dir: string, from: string, log: Logger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    mode: "files",
    async send(m) {
      const info = await transporter.sendMail(envelopeOf(from, m));
      ensurePrivateDir(dir);
      const file = emlName(m);
      writePrivateFile(path.join(dir, file), info.message as Buffer); // whole file or none, owner-only
      log.info("mail_written", { kind: m.kind, file }); // never the address
    },
    close: () => transporter.close(),
  };
}
