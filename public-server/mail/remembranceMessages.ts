import type { Locale } from "../../shared/i18n/locale";
import { fullName } from "../../shared/garden";
import { readableMonthDay, type MonthDay, type NoteKind } from "../../shared/remembrance";
import { textIn, type RemembranceNotesConfig, type SiteConfig } from "../../shared/schemas/site";
import { contactLine, dear, escapeHtml, memorialLink, render, type FamilyFlower, type MessageContent } from "./messages";

/** One date a family chose, as the emails name it. */
export interface ChosenDate extends MonthDay {
  kind: NoteKind;
  /** A remembrance day's name, for kind "day". */
  name?: string;
}

const describe = (d: ChosenDate) =>
  d.kind === "anniversary"
    ? `the anniversary, ${readableMonthDay(d)}`
    : d.kind === "due"
      ? `the due date, ${readableMonthDay(d)}`
      : `${d.name}, ${readableMonthDay(d)}`;

/** To the address on file, before any note: nothing is sent until the family follows this link and confirms. */
export function notesConfirmMessage(site: SiteConfig, f: FamilyFlower, dates: ChosenDate[], timeZone: string, confirmUrl: string): MessageContent {
  const name = fullName(f);
  return render(site, `Please confirm: gentle notes for ${name}`, [
    dear(f),
    `We were asked on our website to send you a short note on the dates chosen for ${name}: ${dates.map(describe).join("; ")}. Each note would come in the morning of the day (time zone ${timeZone}), with a prayer and the link to ${name}'s memorial.`,
    "We send none until you confirm that you would like them:",
    { link: confirmUrl, label: "Yes, please send me these notes" },
    `If you did not ask for them, you need not do anything: we will send none. Every note has a link to stop them at once. ${contactLine(site)}`,
  ]);
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(baby|day)\}/g, (_, k: string) => values[k] ?? "");

/**
 * The note itself: short, plain, the baby's name, a prayer and the
 * memorial's link, in the words site.json gives in the family's language.
 * Never a request for money, never news. Each note can be stopped, or paused
 * until next year, with one click.
 */
export function remembranceNoteMessage(
  site: SiteConfig,
  words: RemembranceNotesConfig,
  locale: Locale,
  publicUrl: string,
  f: FamilyFlower,
  date: ChosenDate,
  links: { stop: string; pause: string },
): MessageContent {
  const values = { baby: fullName(f), day: date.name ?? "" };
  const say = (key: "subject" | NoteKind | "prayer") => fill(textIn(words[key], locale), values);
  const memorial = memorialLink(publicUrl, f);
  const { subject, text, html } = render(site, say("subject"), [
    dear(f),
    say(date.kind),
    say("prayer"),
    { link: memorial, label: `${values.baby}'s memorial` },
  ]);
  const footer = "You asked for these notes on our website.";
  return {
    subject,
    text: `${text}\n${footer}\nStop these notes: ${links.stop}\nPause until next year: ${links.pause}\n`,
    html: html.replace(
      "\n</body>",
      `\n<p style="font-size:14px;color:#5b5560">${escapeHtml(footer)}<br><a href="${escapeHtml(links.stop)}">Stop these notes</a> · <a href="${escapeHtml(links.pause)}">Pause until next year</a></p>\n</body>`,
    ),
  };
}
