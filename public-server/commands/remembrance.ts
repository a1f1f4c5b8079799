import crypto from "node:crypto";
import type { ServerConfig } from "../config";
import type { DomainHook, Queries, Services } from "../context";
import { sessionSecret } from "../lib/secret";
import { parseDbTime, toDbTime } from "../lib/time";
import { enqueue } from "../mail/outbox";
import { notesConfirmMessage, remembranceNoteMessage, type ChosenDate } from "../mail/remembranceMessages";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locale";
import { pathFor } from "../../shared/i18n/content";
import { dateInYear, dayBefore, localClock } from "../../shared/remembrance";
import type { RemembranceNoteCounts } from "../../shared/schemas/adminTools";
import type { RemembranceChoice } from "../../shared/schemas/public";
import { textIn, type SiteConfig } from "../../shared/schemas/site";
import { FAMILY_ACTOR, recordActivity } from "./activity";
import { MANAGE_PATH } from "./family";
import { flowerEmailAndLanguage } from "../queries/memorialFlowers";
import { countRemembranceNotesSentSince } from "../queries/outbox";
import {
  changeNoteDates,
  liveNotesWithFlowersOn,
  liveNoteWithFlower,
  markNoteQueued,
  noteById,
  noteOfFlower,
  noteQueuedToAddressSince,
  noteWithFlowerOfFlower,
  setNoteAction,
  signedUpNoteStates,
  startNote,
  stopNoteOfFlower,
  type NoteRow,
  type NoteWithFlower,
} from "../queries/remembranceNotes";

/** Where a note's and a confirmation's links lead: the token alone acts, no cookie or account. */
export const NOTES_PATH = `${MANAGE_PATH}/notes`;
export const NOTE_ACTIONS = ["confirm", "stop", "pause"] as const;
export type NoteAction = (typeof NOTE_ACTIONS)[number];

/** A note goes out after this hour on its day, in the family's time zone. */
const SEND_HOUR = 9;
/** At most one note to an address in this long, whatever the dates chosen. */
export const NOTE_GAP_MS = 14 * 86_400_000;

const DAY_MS = 86_400_000;

/** The key for the notes' tokens, derived from the server's secret; changing SESSION_SECRET retires every link. */
const notesKey = (config: Pick<ServerConfig, "sessionSecret" | "dataDir">) =>
  crypto.createHmac("sha256", sessionSecret(config.sessionSecret, config.dataDir)).update("remembrance notes").digest("base64url");
const keys = new WeakMap<object, string>();
const keyFor = (s: Services) => {
  let key = keys.get(s.config);
  if (!key) keys.set(s.config, (key = notesKey(s.config)));
  return key;
};

const TOKEN_SHAPE = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;
const mac = (key: string, action: NoteAction, id: number, createdAt: string) =>
  crypto.createHmac("sha256", key).update(`remembrance-${action}:${id}:${createdAt}`).digest("base64url");

/**
 * A link's token: the sign-up's id and a MAC of it, what it does and when the
 * sign-up was made. Nothing is stored; a stopped sign-up that is asked for
 * again is made anew, so the old links no longer work.
 */
export const noteToken = (s: Services, action: NoteAction, id: number, createdAt: string) => `${id}.${mac(keyFor(s), action, id, createdAt)}`;

/** The address of a token's page, in the notes' language (the request log records paths only, never the query). */
export const noteUrl = (s: Services, locale: Locale, action: NoteAction, id: number, createdAt: string) =>
  `${s.config.publicUrl}${pathFor(s.site.get(), locale, NOTES_PATH)}/${action}?token=${noteToken(s, action, id, createdAt)}`;

/** The dates a sign-up holds, with the remembrance days site.json still offers (one the team took away is skipped). */
export function chosenDates(
  n: Pick<NoteRow, "anniversaryMonth" | "anniversaryDay" | "dueMonth" | "dueDay" | "remembranceDays">,
  site: SiteConfig,
  locale: Locale = DEFAULT_LOCALE,
): (ChosenDate & { dayId?: string })[] {
  const out: (ChosenDate & { dayId?: string })[] = [];
  if (n.anniversaryMonth && n.anniversaryDay) out.push({ kind: "anniversary", month: n.anniversaryMonth, day: n.anniversaryDay });
  if (n.dueMonth && n.dueDay) out.push({ kind: "due", month: n.dueMonth, day: n.dueDay });
  const offered = site.remembranceNotes?.days ?? [];
  for (const id of n.remembranceDays.split(",").filter(Boolean)) {
    const day = offered.find((d) => d.id === id);
    if (day) out.push({ kind: "day", month: day.month, day: day.day, name: textIn(day.name, locale), dayId: id });
  }
  return out;
}

/** The zone notes are timed in without one from the browser: the organisation's, else the server's. */
export const siteTimeZone = (site: SiteConfig) => site.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

const localeOf = (value: string): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/**
 * A family's choice of dates for `flowerId`, in `tx` (the flower's own
 * submission, or the manage page). A new or stopped sign-up starts again,
 * unconfirmed, with a confirmation email to the address on file; a live one
 * keeps its confirmation and takes the new dates and zone. A flower without
 * an address, or a choice without the box ticked, changes nothing. The notes
 * are written in the language the flower was submitted in. Answers what was
 * done.
 */
export async function chooseNotes(s: Services, tx: Queries, flowerId: number, choice: RemembranceChoice): Promise<"asked" | "changed" | "none"> {
  const site = s.site.get();
  if (!choice.remembranceNotes || !site.remembranceNotes) return "none";
  const flower = await flowerEmailAndLanguage(tx, flowerId);
  if (!flower?.email) return "none";
  const locale = localeOf(flower.language);
  const dates = {
    anniversaryMonth: choice.anniversaryDay ? (choice.anniversaryMonth ?? null) : null,
    anniversaryDay: choice.anniversaryMonth ? (choice.anniversaryDay ?? null) : null,
    dueMonth: choice.dueDay ? (choice.dueMonth ?? null) : null,
    dueDay: choice.dueMonth ? (choice.dueDay ?? null) : null,
    remembranceDays: choice.remembranceDays.filter((id) => site.remembranceNotes!.days.some((d) => d.id === id)).join(","),
  };
  if (chosenDates(dates, site).length === 0) return "none";
  const timeZone = choice.timeZone ?? siteTimeZone(site);
  const now = toDbTime(s.config.now());
  const existing = await noteOfFlower(tx, flowerId);
  if (existing && !existing.stoppedAt && existing.confirmedAt) {
    await changeNoteDates(tx, existing.id, { ...dates, timeZone });
    await recordActivity(tx, {
      actor: FAMILY_ACTOR,
      action: "family",
      kind: "flower",
      itemId: flowerId,
      summary: "Remembrance notes' dates changed by the family",
    });
    return "changed";
  }
  // New, stopped or still unconfirmed: made anew (a new moment, so links to an older sign-up no longer work), confirmed by email first.
  await startNote(tx, flowerId, { ...dates, timeZone }, locale, now);
  const note = await noteWithFlowerOfFlower(tx, flowerId);
  const content = notesConfirmMessage(
    site,
    locale,
    note!,
    chosenDates(note!, site, locale),
    timeZone,
    noteUrl(s, locale, "confirm", note!.id, note!.createdAt),
  );
  await enqueue(tx, {
    kind: "remembrance-confirm",
    dedupeKey: `remembrance-confirm:${flowerId}:${note!.flowerCreatedAt}:${crypto.randomUUID()}`,
    to: [note!.email],
    ...content,
  });
  await recordActivity(tx, {
    actor: FAMILY_ACTOR,
    action: "family",
    kind: "flower",
    itemId: flowerId,
    summary: "Remembrance notes asked for (none sent until the family confirms by email)",
  });
  return "asked";
}

/** The sign-up a token names for `action`, if its MAC holds. Reads only. */
async function noteForToken(s: Services, action: NoteAction, token: unknown): Promise<NoteRow | null> {
  const match = typeof token === "string" ? TOKEN_SHAPE.exec(token) : null;
  if (!match) return null;
  const id = Number(match[1]);
  const row = await s.db.read((_, m) => noteById(m, id));
  if (!row) return null;
  const expected = Buffer.from(mac(keyFor(s), action, id, row.createdAt));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? row : null;
}

/** What a token's page shows: whether the token is good, and whether its sign-up is already so (stopped, confirmed, paused). */
export type NoteTokenState = "ask" | "done" | "ended";

/** A GET only looks: mail scanners open every link. */
export async function noteTokenState(s: Services, action: NoteAction, token: unknown): Promise<NoteTokenState> {
  const row = await noteForToken(s, action, token);
  if (!row) return "ended";
  return alreadyDone(s, row, action) ? "done" : "ask";
}

function alreadyDone(s: Services, row: NoteRow, action: NoteAction): boolean {
  if (action === "stop") return row.stoppedAt !== null;
  if (row.stoppedAt) return false; // a stopped sign-up is neither confirmed nor paused again: "ended" below
  if (action === "confirm") return row.confirmedAt !== null;
  return row.pausedYear !== null && row.pausedYear >= localClock(s.config.now(), row.timeZone).year;
}

const LOG: Record<NoteAction, string> = {
  confirm: "Remembrance notes confirmed by the family from the email",
  stop: "Remembrance notes stopped by the family",
  pause: "Remembrance notes paused by the family until next year",
};

/**
 * Acts on a token alone, at once: confirms, stops, or pauses the notes until
 * the next year in the family's zone. The same again changes nothing. A
 * stopped sign-up cannot be confirmed or paused (it answers "ended"). Logged
 * without the token or the address.
 */
export async function actOnNoteToken(s: Services, action: NoteAction, token: unknown): Promise<"done" | "ended"> {
  const row = await noteForToken(s, action, token);
  if (!row || (row.stoppedAt && action !== "stop")) return "ended";
  return applyNoteAction(s, row.flowerId, action, row.createdAt);
}

/** The same three actions from the manage page (which names the flower through its link), and "resume" after a pause. */
export async function applyNoteAction(s: Services, flowerId: number, action: NoteAction | "resume", createdAt?: string): Promise<"done" | "ended"> {
  const now = s.config.now();
  return s.db.transaction(async (tx) => {
    const row = await noteOfFlower(tx, flowerId);
    // The sign-up a token named may have been made anew meanwhile: the old token acts no more.
    if (!row || (createdAt !== undefined && row.createdAt !== createdAt)) return "ended";
    if (action === "stop" ? row.stoppedAt : row.stoppedAt || (action !== "resume" && alreadyDone(s, row, action))) return "done";
    if (action === "resume" && row.pausedYear === null) return "done";
    const value = { confirm: toDbTime(now), stop: toDbTime(now), pause: localClock(now, row.timeZone).year, resume: null }[action];
    await setNoteAction(tx, row.id, action, value);
    await recordActivity(tx, {
      actor: FAMILY_ACTOR,
      action: "family",
      kind: "flower",
      itemId: flowerId,
      summary: action === "resume" ? "Remembrance notes taken up again by the family" : LOG[action],
    });
    return "done";
  });
}

/** What the manage page shows of a flower's notes. */
export interface NotesView {
  state: "none" | "waiting" | "on" | "paused" | "stopped";
  dates: (ChosenDate & { dayId?: string })[];
  timeZone: string;
  anniversaryMonth: number | null;
  anniversaryDay: number | null;
  dueMonth: number | null;
  dueDay: number | null;
  remembranceDays: string[];
}

/** `locale`: the language the dates' names are shown in (the manage page's); the notes' own by default. */
export async function notesView(s: Services, flowerId: number, locale?: Locale): Promise<NotesView> {
  const site = s.site.get();
  const row = await s.db.read((_, m) => noteOfFlower(m, flowerId));
  if (!row) {
    return {
      state: "none",
      dates: [],
      timeZone: siteTimeZone(site),
      anniversaryMonth: null,
      anniversaryDay: null,
      dueMonth: null,
      dueDay: null,
      remembranceDays: [],
    };
  }
  const paused = row.pausedYear !== null && row.pausedYear >= localClock(s.config.now(), row.timeZone).year;
  return {
    state: row.stoppedAt ? "stopped" : !row.confirmedAt ? "waiting" : paused ? "paused" : "on",
    dates: chosenDates(row, site, locale ?? localeOf(row.locale)),
    timeZone: row.timeZone,
    anniversaryMonth: row.anniversaryMonth,
    anniversaryDay: row.anniversaryDay,
    dueMonth: row.dueMonth,
    dueDay: row.dueDay,
    remembranceDays: row.remembranceDays.split(",").filter(Boolean),
  };
}

/**
 * Stops a flower's notes when its family withdraws it (deleting it deletes
 * the sign-up with it). Bringing the memorial back does not start them
 * again: the family chooses them anew on the manage page.
 */
export const remembranceHookFactory =
  (s: Services): DomainHook =>
  async (tx, event) => {
    if (event.type !== "family" || event.change !== "withdraw") return;
    if (await stopNoteOfFlower(tx, event.id, toDbTime(s.config.now()))) {
      await recordActivity(tx, {
        actor: FAMILY_ACTOR,
        action: "family",
        kind: "flower",
        itemId: event.id,
        summary: "Remembrance notes stopped: the memorial was withdrawn",
      });
    }
  };

/** What the team sees: counts only, never a list of families. */
export async function noteCounts(s: Services): Promise<RemembranceNoteCounts> {
  const now = s.config.now();
  const year = now.getUTCFullYear();
  const rows = await s.db.read((_, m) => signedUpNoteStates(m));
  const sent = await s.db.read((_, m) => countRemembranceNotesSentSince(m, `${year}-01-01`));
  let receiving = 0;
  let waiting = 0;
  let paused = 0;
  for (const r of rows) {
    if (!r.confirmed) waiting++;
    else if (r.pausedYear !== null && r.pausedYear >= localClock(now, r.timeZone).year) paused++;
    else receiving++;
  }
  return { receiving, waiting, paused, sentThisYear: sent };
}

/** A note due now: the date, and the year it is for (the dedupe key's). */
interface DueNote {
  date: ChosenDate & { dayId?: string };
  year: number;
}

/**
 * The notes of one sign-up due at `now`: a date falls on today in the
 * family's zone and it is past SEND_HOUR there, or it fell on yesterday and
 * SEND_HOUR has not come round again (a server that was down a little while
 * still sends; more than a day late, never). Only days after the one the
 * family confirmed on, and not in a year they paused.
 */
function dueNotes(n: NoteWithFlower, site: SiteConfig, now: Date): DueNote[] {
  if (!n.confirmedAt) return [];
  const clock = localClock(now, n.timeZone);
  const today = { year: clock.year, month: clock.month, day: clock.day };
  const day = clock.hour >= SEND_HOUR ? today : dayBefore(today);
  const confirmed = localClock(parseDbTime(n.confirmedAt), n.timeZone);
  const key = (d: { year: number; month: number; day: number }) => d.year * 10_000 + d.month * 100 + d.day;
  if (key(day) <= key(confirmed)) return [];
  if (n.pausedYear !== null && day.year <= n.pausedYear) return [];
  return chosenDates(n, site, localeOf(n.locale))
    .filter((d) => {
      const on = dateInYear(d, day.year);
      return on.month === day.month && on.day === day.day;
    })
    .map((date) => ({ date, year: day.year }));
}

/**
 * The calendar days a note may be due on somewhere now, each month * 100 + day: dueNotes looks at today,
 * or yesterday before SEND_HOUR, in the family's zone, and zones run from UTC−12 to UTC+14, so every day
 * from 38 hours ago to 16 hours ahead in UTC (a margin of two hours each side). 29 February is among
 * them with the 28th: in other years it is kept on the 28th (dateInYear).
 */
function daysDueAround(now: Date): number[] {
  const HOUR = 3_600_000;
  const days: number[] = [];
  const first = new Date(now.getTime() - 38 * HOUR);
  const last = now.getTime() + 16 * HOUR;
  // From the first day's midnight (UTC), a day at a time: every day the span touches.
  for (let d = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate()); d <= last; d += 24 * HOUR) {
    const day = new Date(d);
    days.push((day.getUTCMonth() + 1) * 100 + day.getUTCDate());
  }
  if (days.includes(228)) days.push(229);
  return days;
}

/**
 * Puts the notes due now in the outbox, each once (its dedupe key names the
 * sign-up's flower, the date and the year), and at most one to an address in
 * NOTE_GAP_MS. Called by the mail worker; reads on the read connection, and
 * writes each note in a transaction that checks again that the sign-up still
 * stands. Answers how many were queued.
 */
export async function queueDueNotes(s: Services): Promise<number> {
  const site = s.site.get();
  const words = site.remembranceNotes;
  if (!words) return 0;
  const now = s.config.now();
  const days = daysDueAround(now);
  const dayIds = (words.days ?? []).filter((d) => days.includes(d.month * 100 + d.day)).map((d) => d.id);
  const live = await s.db.read((_, m) => liveNotesWithFlowersOn(m, days, dayIds));
  let queued = 0;
  for (const candidate of live) {
    for (const due of dueNotes(candidate, site, now)) {
      const added = await s.db.transaction(async (tx) => {
        const n = await liveNoteWithFlower(tx, candidate.id);
        if (!n || n.createdAt !== candidate.createdAt) return false;
        const since = toDbTime(new Date(now.getTime() - NOTE_GAP_MS));
        if (await noteQueuedToAddressSince(tx, n.email, since)) return false;
        const kindKey = due.date.kind === "day" ? `day-${due.date.dayId}` : due.date.kind;
        const locale = localeOf(n.locale);
        const links = { stop: noteUrl(s, locale, "stop", n.id, n.createdAt), pause: noteUrl(s, locale, "pause", n.id, n.createdAt) };
        const content = remembranceNoteMessage(site, words, locale, s.config.publicUrl, n, due.date, links);
        const added = await enqueue(tx, {
          kind: "remembrance-note",
          dedupeKey: `remembrance-note:${n.flowerId}:${n.flowerCreatedAt}:${kindKey}:${due.year}`,
          to: [n.email],
          ...content,
          headers: { "List-Unsubscribe": `<${links.stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        });
        if (added) await markNoteQueued(tx, n.id, toDbTime(now));
        return added;
      });
      if (added) queued++;
    }
  }
  return queued;
}

/** A note still waiting to go more than a day after it was queued (the mail server was away) is dropped, not sent late. */
export const NOTE_LATE_MS = DAY_MS;
