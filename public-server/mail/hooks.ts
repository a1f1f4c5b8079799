import crypto from "node:crypto";
import { format } from "date-fns";
import type { DomainEvent, DomainHook, Queries, Services } from "../context";
import type { MemorialFlower } from "../entities/MemorialFlower";
import { parseDbTime } from "../lib/time";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locale";
import { enqueue } from "./outbox";
import { flowerForMail } from "../queries/memorialFlowers";
import { testimonialForMail } from "../queries/testimonials";
import { assistanceRequestForMail } from "../queries/assistanceRequests";
import { mailFor } from "./worker";
import {
  assistanceRequestMessage,
  familyChangedMessage,
  familyCorrectionMessage,
  familyLinkMessage,
  flowerApprovedMessage,
  flowerReceivedMessage,
  testimonialApprovedMessage,
} from "./messages";

/**
 * A moment as the team reads it, such as "Thursday 26 November 2026, 07:05 (-05:00)", in the
 * organisation's time zone (timeZone in site.json); without one, in the server's.
 */
export function readableTime(d: Date, timeZone?: string): string {
  if (!timeZone) return format(d, "EEEE d MMMM yyyy, HH:mm (xxx)");
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "longOffset",
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : String(parts.timeZoneName).replace("GMT", "");
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} (${offset})`;
}

/** A stored language this server no longer speaks (a row edited by hand) is written to in the default one. */
const localeOf = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/**
 * Writes the emails an event causes into the outbox, inside the event's own
 * transaction: if the approval or the request rolls back, so does its email.
 * Dedupe keys carry the row's creation time as well as its id, so a row id
 * reused after a reset can never be mistaken for one already mailed.
 * `afterEnqueue` wakes the worker; its database work queues behind this
 * transaction, so it sees the message only once it is committed.
 */
export function mailHook(s: Services, afterEnqueue: () => void): DomainHook {
  return async (tx, event) => {
    const added = await enqueueFor(s, tx, event);
    if (added) afterEnqueue();
  };
}

async function enqueueFor(s: Services, tx: Queries, event: DomainEvent): Promise<boolean> {
  const { publicUrl, teamEmails } = s.config;
  if (event.type === "approved" && event.kind === "flower") {
    const f = await familyFlower(tx, event.id);
    if (!f?.email?.trim()) return false; // imported flowers have no address
    const content = flowerApprovedMessage(s.site.get(), publicUrl, f);
    return enqueue(tx, { kind: "flower-approved", dedupeKey: `flower-approved:${event.id}:${f.createdAt}`, to: [f.email.trim()], ...content });
  }
  if (event.type === "submitted" && event.kind === "flower") {
    const f = await familyFlower(tx, event.id);
    if (!f?.email?.trim()) return false;
    const content = flowerReceivedMessage(s.site.get(), publicUrl, f);
    return enqueue(tx, { kind: "flower-received", dedupeKey: `flower-received:${event.id}:${f.createdAt}`, to: [f.email.trim()], ...content });
  }
  if (event.type === "family") {
    // The note goes to the address on file, never to whoever holds the link: if the link went astray, the family hears of it.
    const f = await familyFlower(tx, event.id);
    if (!f?.email?.trim()) return false;
    const content = familyChangedMessage(s.site.get(), f, event.change, s.config.now());
    return enqueue(tx, { kind: "family-note", dedupeKey: `family-note:${event.id}:${f.createdAt}:${crypto.randomUUID()}`, to: [f.email.trim()], ...content });
  }
  if (event.type === "correction") {
    const f = await familyFlower(tx, event.id);
    if (!f?.email?.trim()) return false;
    const content = familyCorrectionMessage(s.site.get(), f, event.action);
    return enqueue(tx, { kind: "family-note", dedupeKey: `family-note:${event.id}:${f.createdAt}:${crypto.randomUUID()}`, to: [f.email.trim()], ...content });
  }
  if (event.type === "approved" && event.kind === "testimonial") {
    const t = await testimonialForMail(tx, event.id);
    if (!t?.email?.trim()) return false;
    const content = testimonialApprovedMessage(s.site.get(), publicUrl, { ...t, language: localeOf(t.language) });
    return enqueue(tx, { kind: "testimonial-approved", dedupeKey: `testimonial-approved:${event.id}:${t.createdAt}`, to: [t.email.trim()], ...content });
  }
  if (event.type === "submitted" && event.kind === "assistance") {
    if (teamEmails.length === 0) return false; // warned once at start (see the worker)
    const r = await assistanceRequestForMail(tx, event.id);
    if (!r) return false;
    const content = assistanceRequestMessage(s.site.get(), {
      ...r,
      language: localeOf(r.language),
      receivedAt: readableTime(parseDbTime(r.createdAt), s.site.get().timeZone),
    });
    return enqueue(tx, {
      kind: "assistance-request",
      dedupeKey: `assistance-request:${event.id}:${r.createdAt}`,
      to: teamEmails,
      replyTo: r.email,
      ...content,
    });
  }
  return false;
}

type FamilyFlowerRow = Pick<
  MemorialFlower,
  "id" | "parentName" | "email" | "babyFirstName" | "babyMiddleName" | "babyLastName" | "flowerType" | "emailUpdates" | "language"
> & { createdAt: string };

async function familyFlower(tx: Queries, id: number): Promise<FamilyFlowerRow | undefined> {
  const row = await flowerForMail(tx, id);
  return row && { ...row, emailUpdates: Boolean(row.emailUpdates), language: localeOf(row.language) };
}

/**
 * Puts a new private link for flower `id` in the outbox, to `to` (the address
 * on file, or one a volunteer typed). The link is made when it is sent.
 * Answers false when the flower is gone.
 */
export async function enqueueFamilyLink(s: Services, tx: Queries, id: number, to: string): Promise<boolean> {
  const f = await familyFlower(tx, id);
  if (!f) return false;
  const content = familyLinkMessage(s.site.get(), s.config.publicUrl, f);
  const added = await enqueue(tx, { kind: "family-link", dedupeKey: `family-link:${id}:${f.createdAt}:${crypto.randomUUID()}`, to: [to], ...content });
  if (added) mailFor(s).wake();
  return added;
}
