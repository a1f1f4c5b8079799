import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

/** One message as the SMTP server received it. */
export interface Received {
  rcptTo: string[];
  user: string | undefined;
  raw: string;
  header(name: string): string;
  /** The text/plain part, transfer-decoded. */
  text: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts. It can
 * be closed (the port then refuses connections) and opened again on the same
 * port, to play a mail server that goes down and comes back.
 */
export class SmtpCapture {
  readonly messages: Received[] = [];
  /** Holds each message this long before answering "250 accepted" (a slow mail server). */
  acceptDelayMs = 0;
  private server: SMTPServer | undefined;

  private constructor(public port: number) {}

  static async start(port = 0): Promise<SmtpCapture> {
    const capture = new SmtpCapture(port);
    await capture.open();
    return capture;
  }

  get url(): string {
    return `smtp://garden:s3cret@127.0.0.1:${this.port}`;
  }

  async open(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      authOptional: false,
      logger: false,
      onAuth: (auth, _session, cb) =>
        auth.username === "garden" && auth.password === "s3cret" ? cb(null, { user: auth.username }) : cb(new Error("Invalid username or password")),
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          this.messages.push({
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            raw,
            header: (name) => header(raw, name),
            text: textPart(raw),
          });
          setTimeout(() => cb(), this.acceptDelayMs);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening; connections are then refused on the port. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): Received[] {
    return this.messages.filter((m) => m.rcptTo.includes(address));
  }
}

function headerBlock(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  return end < 0 ? raw : raw.slice(0, end);
}

/** A header's value, unfolded, with RFC 2047 encoded words decoded. */
export function header(raw: string, name: string): string {
  const unfolded = headerBlock(raw).replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(name.toLowerCase() + ":"));
  if (!line) return "";
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
      enc.toLowerCase() === "b" ? Buffer.from(data, "base64").toString("utf8") : decodeQp(data.replace(/_/g, " ")),
    );
}

function decodeQp(text: string): string {
  const bytes = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The text/plain body of a (possibly multipart) message. */
function textPart(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headerBlock(raw).replace(/\r?\n[ \t]+/g, " "))?.[1];
  const parts = boundary ? raw.split("--" + boundary).slice(1) : [raw];
  for (const part of parts) {
    const trimmed = part.replace(/^\r?\n/, "");
    if (!/content-type:\s*text\/plain/i.test(headerBlock(trimmed))) continue;
    const encoding = header(trimmed, "Content-Transfer-Encoding").toLowerCase();
    const body = trimmed
      .slice(headerBlock(trimmed).length)
      .replace(/^\r?\n\r?\n/, "")
      .replace(/\r?\n$/, "");
    if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    if (encoding === "quoted-printable") return decodeQp(body);
    return body;
  }
  return "";
}
