import path from "node:path";
import { format } from "date-fns";
import type { Services, Worker } from "../context";
import { onePerServer } from "../lib/perServer";
import type { OutboxMessage } from "../entities/OutboxMessage";
import { claimNext, enqueue } from "./outbox";
import { deletePendingMessage, markAttemptFailed, markSent } from "../queries/outbox";
import { readMailState, writeMailState } from "../queries/mailState";
import { waitingForTeam } from "../queries/digest";
import { describeError, fileTransport, isPermanent, smtpTransport, type MailTransport } from "./transport";
import { digestMessage } from "./messages";
import { fillFamilyLinks } from "../commands/family";
import { NOTE_LATE_MS, queueDueNotes } from "../commands/remembrance";
import { parseDbTime } from "../lib/time";
import { unsubscribeKey } from "../family/unsubscribe";
import { withUnsubscribe } from "./unsubscribeHeaders";

/** Retry delays as multiples of MAIL_RETRY_BASE_MS: 30 s, 2 min, 10 min, 1 h, then 6 h (with the 30 s default). */
const BACKOFF = [1, 4, 20, 120, 720];

/** How long to wait after failed attempt number `attempt` (1-based). */
export const retryDelay = (baseMs: number) => (attempt: number) => baseMs * BACKOFF[Math.min(attempt, BACKOFF.length) - 1]!;

const DIGEST_STATE = "digest_last_date";
/** How often the worker looks for remembrance notes due (a drain always looks): far finer than the hour they wait for. */
const NOTES_EVERY_MS = 5 * 60_000;

/**
 * Sends what the outbox holds, one message at a time.
 *
 * Order of writes per message: (1) claim it in a transaction, which counts
 * the attempt and schedules the next one as if this one fails; (2) hand it
 * to the transport; (3) mark it sent, in its own queued write, as soon as the
 * transport accepted it. A clean stop waits for (2) and (3) to finish before
 * the database closes, so a restart never resends a message. Only a crash in
 * the few milliseconds between (2) and (3) can deliver a message twice (at
 * least once is unavoidable at the SMTP boundary); the stable Message-ID lets
 * mail clients recognise such a copy. A restarted server picks up pending
 * messages at their scheduled time and never touches sent ones.
 */
export class MailWorker implements Worker {
  private chain: Promise<unknown> = Promise.resolve();
  private busy = false;
  private again = false;
  private started = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private digestDoneFor: string | null = null;
  private notesLookedAt = -Infinity;
  private readonly delay: (attempt: number) => number;
  private readonly updatesKey: string;
  readonly transport: MailTransport;

  constructor(private readonly s: Services) {
    const c = s.config;
    this.delay = retryDelay(c.mailRetryBaseMs);
    this.updatesKey = unsubscribeKey(c);
    this.transport = c.smtpUrl ? smtpTransport(c.smtpUrl, c.mailFrom) : fileTransport(path.join(c.dataDir, "outbox"), c.mailFrom, s.log);
  }

  /** Starts polling; says once how mail goes out and whether the team address is missing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const c = this.s.config;
    this.s.log.info("mail_ready", { transport: this.transport.mode, ...(c.smtpUrl ? { host: hostOf(c.smtpUrl) } : { dir: path.join(c.dataDir, "outbox") }) });
    if (c.teamEmails.length === 0) {
      this.s.log.error("mail_team_email_unset", { note: "TEAM_EMAIL is not set: requests for help and the daily digest are not emailed to anyone." });
    }
    this.timer = setInterval(() => this.wake(), c.mailPollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due work soon; calls while busy are folded into one more round. */
  wake(): void {
    if (!this.started || this.stopped) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    this.exclusive(() => this.round())
      .catch((err) => this.s.log.error("mail_worker_error", { error: describeError(err, false) }))
      .finally(() => {
        this.busy = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Sends every message that is due now (and the digest when due); for tests and the admin retry. */
  drain(): Promise<void> {
    return this.exclusive(() => this.round(true));
  }

  /** Waits for the message in hand, then stops; called before the database closes. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.chain;
    this.transport.close();
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.chain.then(work);
    this.chain = turn.catch(() => undefined);
    return turn;
  }

  private async round(always = false): Promise<void> {
    if (this.stopped) return;
    await this.digestIfDue();
    await this.notesIfDue(always);
    while (!this.stopped && (await this.sendNext()));
  }

  /** Sends one due message. Answers whether to go on (false when none is due or the server is unreachable). */
  private async sendNext(): Promise<boolean> {
    const { db, log, config } = this.s;
    const message: OutboxMessage | null = await db.transaction((tx) => claimNext(tx, this.delay));
    if (!message) return false;
    if (message.kind === "remembrance-note" && Date.now() - parseDbTime(message.createdAt).getTime() > NOTE_LATE_MS) {
      // A note for a day gone by would hurt more than it helps: dropped, never sent late.
      await db.run((m) => deletePendingMessage(m, message.id));
      log.info("remembrance_note_dropped_late", { id: message.id });
      return true;
    }
    try {
      // A family's private link is made now, for this email only: the stored message holds a mark in its place.
      await this.transport.send(withUnsubscribe(this.s, this.updatesKey, await fillFamilyLinks(this.s, message)));
    } catch (err) {
      const permanent = isPermanent(err);
      const final = permanent || message.attempts >= config.mailMaxAttempts;
      await db.run((m) => markAttemptFailed(m, message.id, describeError(err), final));
      log.error(final ? "mail_failed" : "mail_retry_later", {
        id: message.id,
        kind: message.kind,
        attempt: message.attempts,
        error: describeError(err, false),
      });
      // A refused message lets the others go on; an unreachable server makes them all wait for the next round.
      return permanent;
    }
    await db.run((m) => markSent(m, message.id));
    if (this.transport.mode === "smtp") log.info("mail_sent", { id: message.id, kind: message.kind, attempt: message.attempts });
    return true;
  }

  /**
   * Once a day, after DIGEST_HOUR (server time), tells the team what waits.
   * The date is kept in the database in the same transaction as the enqueue,
   * so a restart the same day sends nothing more. A day with nothing waiting
   * sends nothing.
   */
  private async digestIfDue(): Promise<void> {
    const { digestHour, teamEmails, publicUrl } = this.s.config;
    if (digestHour === null || teamEmails.length === 0) return;
    const now = new Date();
    if (now.getHours() < digestHour) return;
    const today = format(now, "yyyy-MM-dd");
    if (this.digestDoneFor === today) return;
    const added = await this.s.db.transaction(async (tx) => {
      if ((await readMailState(tx, DIGEST_STATE)) === today) return false;
      await writeMailState(tx, DIGEST_STATE, today);
      const counts = await waitingForTeam(tx);
      if (counts.testimonials + counts.flowers + counts.comments + counts.requests === 0) return false;
      const content = digestMessage(this.s.site.get(), publicUrl, counts, today);
      return enqueue(tx, { kind: "moderation-digest", dedupeKey: `moderation-digest:${today}`, to: teamEmails, ...content });
    });
    this.digestDoneFor = today;
    if (added) this.s.log.info("mail_digest_queued", { date: today });
  }

  /** Queues the remembrance notes due now (see queueDueNotes), every NOTES_EVERY_MS at most, or at once when drained. */
  private async notesIfDue(always: boolean): Promise<void> {
    const now = this.s.config.now().getTime();
    if (!always && now - this.notesLookedAt < NOTES_EVERY_MS && now >= this.notesLookedAt) return;
    this.notesLookedAt = now;
    try {
      const queued = await queueDueNotes(this.s);
      if (queued) this.s.log.info("remembrance_notes_queued", { count: queued });
    } catch (err) {
      // The other emails go on; the notes are looked for again at the next turn.
      this.s.log.error("remembrance_notes_error", { error: describeError(err, false) });
    }
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host; // never the user name or password
  } catch {
    return "(unreadable SMTP_URL)";
  }
}

/** The mail worker of this server, made on first use. */
export const mailFor = onePerServer((s) => new MailWorker(s));
