import type { Locale } from "../../shared/i18n/locale";
import { pathFor } from "../../shared/i18n/content";
import { fullName, memorialPath } from "../../shared/garden";
import { readableMonthDay, type MonthDay, type NoteKind } from "../../shared/remembrance";
import { textIn, type RemembranceNotesConfig, type SiteConfig } from "../../shared/schemas/site";
import { escapeHtml } from "../lib/html";
import { familyLetter, type FamilyFlower, type MessageContent } from "./messages";

/** One date a family chose, as the emails name it. */
export interface ChosenDate extends MonthDay {
  kind: NoteKind;
  /** A remembrance day's name, for kind "day", in the family's language. */
  name?: string;
}

/** A flower as a note names it: the notes keep their own language (the flower's, when they were asked for). */
type NotedFlower = Omit<FamilyFlower, "language">;

/**
 * The notes' own words, in each language the site speaks (the note's text
 * itself is the team's, in site.json). Spanish in the usted register: see
 * docs/translation.md.
 */
const WORDS: Record<
  Locale,
  {
    date(d: ChosenDate): string;
    confirmSubject(name: string): string;
    asked(name: string, dates: string, timeZone: string): string;
    noneUntil: string;
    confirmLabel: string;
    notYou: string;
    memorialLabel(name: string): string;
    footer: string;
    stop: string;
    pause: string;
  }
> = {
  en: {
    date: (d) =>
      d.kind === "anniversary"
        ? `the anniversary, ${readableMonthDay(d)}`
        : d.kind === "due"
          ? `the due date, ${readableMonthDay(d)}`
          : `${d.name}, ${readableMonthDay(d)}`,
    confirmSubject: (name) => `Please confirm: gentle notes for ${name}`,
    asked: (name, dates, timeZone) =>
      `We were asked on our website to send you a short note on the dates chosen for ${name}: ${dates}. Each note would come in the morning of the day (time zone ${timeZone}), with a prayer and the link to ${name}'s memorial.`,
    noneUntil: "We send none until you confirm that you would like them:",
    confirmLabel: "Yes, please send me these notes",
    notYou: "If you did not ask for them, you need not do anything: we will send none. Every note has a link to stop them at once.",
    memorialLabel: (name) => `${name}'s memorial`,
    footer: "You asked for these notes on our website.",
    stop: "Stop these notes",
    pause: "Pause until next year",
  },
  es: {
    date: (d) =>
      d.kind === "anniversary"
        ? `el aniversario, ${readableMonthDay(d, "es")}`
        : d.kind === "due"
          ? `la fecha prevista del parto, ${readableMonthDay(d, "es")}`
          : `${d.name}, ${readableMonthDay(d, "es")}`,
    confirmSubject: (name) => `Por favor, confirme: notas de recuerdo por ${name}`,
    asked: (name, dates, timeZone) =>
      `En nuestro sitio web se nos pidió enviarle una breve nota en las fechas elegidas para ${name}: ${dates}. Cada nota le llegaría en la mañana de ese día (zona horaria ${timeZone}), con una oración y el enlace a la página en memoria de ${name}.`,
    noneUntil: "No le enviaremos ninguna hasta que usted nos confirme que desea recibirlas:",
    confirmLabel: "Sí, deseo recibir estas notas",
    notYou: "Si usted no las pidió, no tiene que hacer nada: no le enviaremos ninguna. Cada nota trae un enlace para dejar de recibirlas de inmediato.",
    memorialLabel: (name) => `En memoria de ${name}`,
    footer: "Usted pidió estas notas en nuestro sitio web.",
    stop: "Dejar de recibir estas notas",
    pause: "Pausar hasta el próximo año",
  },
};

/** To the address on file, before any note: nothing is sent until the family follows this link and confirms. */
export function notesConfirmMessage(
  site: SiteConfig,
  locale: Locale,
  f: NotedFlower,
  dates: ChosenDate[],
  timeZone: string,
  confirmUrl: string,
): MessageContent {
  const name = fullName(f);
  const words = WORDS[locale];
  const letter = familyLetter(site, locale);
  return letter.render(words.confirmSubject(name), [
    letter.words.dear(f.parentName?.trim() ?? ""),
    words.asked(name, dates.map(words.date).join("; "), timeZone),
    words.noneUntil,
    { link: confirmUrl, label: words.confirmLabel },
    `${words.notYou} ${letter.contact}`,
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
  notes: RemembranceNotesConfig,
  locale: Locale,
  publicUrl: string,
  f: NotedFlower,
  date: ChosenDate,
  links: { stop: string; pause: string },
): MessageContent {
  const values = { baby: fullName(f), day: date.name ?? "" };
  const say = (key: "subject" | NoteKind | "prayer") => fill(textIn(notes[key], locale), values);
  const words = WORDS[locale];
  const letter = familyLetter(site, locale);
  const memorial = new URL(pathFor(site, locale, memorialPath(f)), publicUrl + "/").toString();
  const { subject, text, html } = letter.render(say("subject"), [
    letter.words.dear(f.parentName?.trim() ?? ""),
    say(date.kind),
    say("prayer"),
    { link: memorial, label: words.memorialLabel(values.baby) },
  ]);
  return {
    subject,
    text: `${text}\n${words.footer}\n${words.stop}: ${links.stop}\n${words.pause}: ${links.pause}\n`,
    html: html.replace(
      "\n</body>",
      `\n<p style="font-size:14px;color:#5b5560">${escapeHtml(words.footer)}<br><a href="${escapeHtml(links.stop)}">${escapeHtml(words.stop)}</a> · <a href="${escapeHtml(links.pause)}">${escapeHtml(words.pause)}</a></p>\n</body>`,
    ),
  };
}
