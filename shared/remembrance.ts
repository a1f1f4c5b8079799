/**
 * Gentle remembrance notes: the dates a family chose, as month and day, and
 * the day each falls on in a given year and time zone. Only Intl, so the
 * server, the site and the desktop read dates the same way.
 */

import { DEFAULT_LOCALE, type Locale } from "./i18n/locale";

/** The kinds of note a family can choose: their baby's anniversary, the due date, or a remembrance day the team offers. */
export const NOTE_KINDS = ["anniversary", "due", "day"] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/** A month (1–12) and a day (1–31), never a year: a note comes back each year. */
export interface MonthDay {
  month: number;
  day: number;
}

export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** Days in each month of a leap year: 29 February is a date a family may choose. */
const LONGEST = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const daysInMonth = (month: number) => LONGEST[month - 1] ?? 0;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The date in `year`: 29 February falls on 28 February in the years without it. */
export function dateInYear({ month, day }: MonthDay, year: number): MonthDay {
  return month === 2 && day === 29 && !isLeap(year) ? { month: 2, day: 28 } : { month, day };
}

/** "15 October". */
export const readableMonthDay = ({ month, day }: MonthDay, locale: Locale = DEFAULT_LOCALE): string =>
  locale === DEFAULT_LOCALE
    ? `${day} ${MONTH_NAMES[month - 1]}`
    : // A leap year, so 29 February can be named: "29 de febrero".
      new Intl.DateTimeFormat(locale, { month: "long", day: "numeric", timeZone: "UTC" }).format(Date.UTC(2000, month - 1, day));

/** Whether `name` is a time zone this runtime knows (an IANA name such as America/Chicago). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * One formatter per zone: making one costs far more than using it, and the pass that looks for notes due
 * reads the clock of every sign-up due around now. Zones are a few hundred names; the bound keeps a flood
 * of odd ones from growing it.
 */
const clocks = new Map<string, Intl.DateTimeFormat>();
const MAX_CLOCKS = 1_000;

function clockIn(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", hourCycle: "h23" });
    if (clocks.size >= MAX_CLOCKS) clocks.clear();
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The calendar day and hour of `moment` in `timeZone`. */
export function localClock(moment: Date, timeZone: string): { year: number; month: number; day: number; hour: number } {
  const parts = Object.fromEntries(
    clockIn(timeZone)
      .formatToParts(moment)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! };
}

/** The day before a calendar day. */
export function dayBefore(d: { year: number; month: number; day: number }): { year: number; month: number; day: number } {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day - 1));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}
