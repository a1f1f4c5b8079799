import type { Context, Middleware } from "koa";
import { RemembranceChoiceInput } from "../../shared/schemas/public";
import { MONTH_NAMES, readableMonthDay, type MonthDay } from "../../shared/remembrance";
import type { SiteConfig } from "../../shared/schemas/site";
import { textIn } from "../../shared/schemas/site";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locale";
import { FORMAT_TAG } from "../../shared/i18n/content";
import type { AppState, Services } from "../context";
import { MANAGE_PATH } from "../commands/family";
import {
  actOnNoteToken,
  applyNoteAction,
  chooseNotes,
  NOTE_ACTIONS,
  NOTES_PATH,
  noteTokenState,
  type NoteAction,
  type NotesView,
} from "../commands/remembrance";
import { flatten } from "../forms";
import { escapeHtml } from "../lib/html";
import { barePath, contactLine, document, pageLanguage, type PageLanguage } from "./page";
import { FAMILY_PAGE_WORDS, type FamilyPageWords } from "./words";

/** The dates chosen, named as the page's language says them. */
function datesText(lang: PageLanguage, v: NotesView): string {
  const N = lang.words.notes;
  const day = (d: MonthDay) => readableMonthDay(d, lang.locale);
  return N.list(v.dates.map((d) => (d.kind === "anniversary" ? N.anniversaryOn(day(d)) : d.kind === "due" ? N.dueOn(day(d)) : `${d.name} (${day(d)})`)));
}

/** Each month's name in a language, January first (Spanish as es-US writes it: "enero"). */
const monthNames = new Map<Locale, readonly string[]>();
function monthsIn(locale: Locale): readonly string[] {
  let names = monthNames.get(locale);
  if (!names) {
    const format = new Intl.DateTimeFormat(FORMAT_TAG[locale], { month: "long", timeZone: "UTC" });
    names = locale === DEFAULT_LOCALE ? MONTH_NAMES : MONTH_NAMES.map((_, i) => format.format(Date.UTC(2000, i, 1)));
    monthNames.set(locale, names);
  }
  return names;
}

const action = (lang: PageLanguage, change: string, label: string, kind = "secondary") =>
  `<form method="post" action="${lang.to(MANAGE_PATH)}"><input type="hidden" name="change" value="${change}"><button type="submit" class="${kind}">${escapeHtml(label)}</button></form>`;

function select(lang: PageLanguage, name: string, label: string, count: number, chosen: number | null, names?: readonly string[]): string {
  const id = `notes-${name}`;
  const options = [`<option value="">${escapeHtml(lang.words.notes.none)}</option>`];
  for (let i = 1; i <= count; i++)
    options.push(`<option value="${i}"${chosen === i ? " selected" : ""}>${escapeHtml(names ? names[i - 1]! : String(i))}</option>`);
  return `<p><label for="${id}">${escapeHtml(label)}</label><select id="${id}" name="${name}">${options.join("")}</select></p>`;
}

const pair = (lang: PageLanguage, legend: string, prefix: string, month: number | null, day: number | null) =>
  `<fieldset><legend>${escapeHtml(legend)}</legend><div class="pair">${select(lang, `${prefix}Month`, lang.words.notes.month, 12, month, monthsIn(lang.locale))}${select(lang, `${prefix}Day`, lang.words.notes.day, 31, day)}</div></fieldset>`;

/** Every zone this server knows, the family's chosen one first among them as selected. */
let zones: string[] | undefined;
const allZones = () => (zones ??= Intl.supportedValuesOf("timeZone"));

export type NotesDone = keyof FamilyPageWords["notes"]["done"] | "invalid";

/** The notes' part of the manage page: what is chosen, the form to choose (unticked unless chosen), and stop or pause. */
export function notesSection(site: SiteConfig, lang: PageLanguage, v: NotesView, done: NotesDone | null): string {
  const offered = site.remembranceNotes;
  if (!offered) return "";
  const T = lang.words.notes;
  const live = v.state === "waiting" || v.state === "on" || v.state === "paused";
  const dates = datesText(lang, v);
  const status =
    v.state === "waiting"
      ? T.waiting(dates)
      : v.state === "on"
        ? T.on(dates, v.timeZone)
        : v.state === "paused"
          ? T.paused(dates)
          : v.state === "stopped"
            ? T.stopped
            : T.offer;
  const notice = done ? `<p class="note" role="status">${escapeHtml(done === "invalid" ? T.invalid : T.done[done])}</p>` : "";
  const days = offered.days.length
    ? `<fieldset><legend>${escapeHtml(T.days)}</legend>${offered.days
        .map(
          (d) =>
            `<p class="check"><input type="checkbox" id="notes-day-${d.id}" name="remembranceDays" value="${d.id}"${live && v.remembranceDays.includes(d.id) ? " checked" : ""}><label for="notes-day-${d.id}">${escapeHtml(`${textIn(d.name, lang.locale)}, ${readableMonthDay(d, lang.locale)}`)}</label></p>`,
        )
        .join("")}</fieldset>`
    : "";
  const zoneOptions = (allZones().includes(v.timeZone) ? allZones() : [v.timeZone, ...allZones()])
    .map((z) => `<option${z === v.timeZone ? " selected" : ""}>${escapeHtml(z)}</option>`)
    .join("");
  const form = `<form method="post" action="${lang.to(MANAGE_PATH)}"><input type="hidden" name="change" value="notes-save">
<p class="check"><input type="checkbox" id="notes-choice" name="remembranceNotes" aria-describedby="notes-choice-hint"${live ? " checked" : ""}><label for="notes-choice">${escapeHtml(T.choice)}</label></p>
<p class="quiet" id="notes-choice-hint">${escapeHtml(T.choiceHint)}</p>
${pair(lang, T.anniversary, "anniversary", live ? v.anniversaryMonth : null, live ? v.anniversaryDay : null)}
${pair(lang, T.due, "due", live ? v.dueMonth : null, live ? v.dueDay : null)}
${days}
<p><label for="notes-zone">${escapeHtml(T.zone)}</label><span class="quiet" id="notes-zone-hint">${escapeHtml(T.zoneHint)}</span><br><select id="notes-zone" name="timeZone" aria-describedby="notes-zone-hint">${zoneOptions}</select></p>
<button type="submit">${escapeHtml(T.save)}</button></form>`;
  const controls = live
    ? `<div class="pair">${action(lang, "notes-stop", T.stop)}${v.state === "paused" ? action(lang, "notes-resume", T.resume) : v.state === "on" ? action(lang, "notes-pause", T.pause) : ""}</div>`
    : "";
  return `<section id="notes"><h2>${escapeHtml(T.heading)}</h2>${notice}<p>${escapeHtml(status)}</p>${controls}${form}</section>`;
}

/** The manage page's changes to the notes, as `change` names them. */
export const NOTES_CHANGES = ["notes-save", "notes-stop", "notes-pause", "notes-resume"] as const;
export const isNotesChange = (change: unknown): change is (typeof NOTES_CHANGES)[number] => NOTES_CHANGES.includes(change as never);

/** Makes a notes change from the manage page (its link names the flower); answers where to send the browser, in the page's language. */
export async function manageNotes(s: Services, lang: PageLanguage, flowerId: number, change: (typeof NOTES_CHANGES)[number], body: unknown): Promise<string> {
  const back = (done: NotesDone) => `${lang.to(MANAGE_PATH)}?notes=${done}#notes`;
  if (change === "notes-save") {
    const fields = flatten(body);
    const parsed = RemembranceChoiceInput.safeParse({ ...fields, remembranceNotes: fields.remembranceNotes === "on" });
    if (!parsed.success || !parsed.data.remembranceNotes) return back("invalid");
    const result = await s.db.transaction((tx) => chooseNotes(s, tx, flowerId, parsed.data));
    return back(result === "none" ? "invalid" : result);
  }
  const act = ({ "notes-stop": "stop", "notes-pause": "pause", "notes-resume": "resume" } as const)[change];
  await applyNoteAction(s, flowerId, act);
  return back(({ stop: "stopped", pause: "paused", resume: "resumed" } as const)[act]);
}

export const notesDone = (value: unknown): NotesDone | null =>
  typeof value === "string" && (value === "invalid" || value in FAMILY_PAGE_WORDS.en.notes.done) ? (value as NotesDone) : null;

type PageState = "ask" | "done" | "ended";

function tokenPage(site: SiteConfig, lang: PageLanguage, act: NoteAction, state: PageState, token: string): string {
  const T = lang.words.notes.pages;
  const [heading, text] = state === "ended" ? T.ended : T[act][state];
  const address = `${NOTES_PATH}/${act}?token=${encodeURIComponent(token)}`;
  const form =
    state === "ask"
      ? `<form method="post" action="${lang.to(address)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(T[act].button)}</button></form>`
      : "";
  return document(
    site,
    lang,
    heading,
    `<h1>${escapeHtml(heading)}</h1><p${state === "done" ? ' role="status"' : ""}>${escapeHtml(text)}</p>${form}
<section><p class="quiet">${escapeHtml(contactLine(site, lang))}</p><p><a href="${lang.to("/")}">${escapeHtml(lang.words.home)}</a></p></section>`,
    state === "ask" ? address : undefined,
  );
}

/**
 * The links in the notes and in their confirmation (NOTES_PATH/<action>?token=).
 * A GET only shows a button: mail scanners open every link. A POST acts at
 * once on the token alone: it takes no cookie and comes from anywhere (a
 * mail provider's one-click "Unsubscribe", RFC 8058, posts from its own
 * servers). Its body is not read. The request log records paths only.
 */
export function notesPages(s: Services): Middleware<AppState> {
  return async (ctx: Context, next) => {
    const path = barePath(ctx.path);
    const act = path.startsWith(`${NOTES_PATH}/`) ? path.slice(NOTES_PATH.length + 1) : "";
    if (!NOTE_ACTIONS.includes(act as NoteAction) || !["GET", "HEAD", "POST"].includes(ctx.method)) return next();
    ctx.set("Referrer-Policy", "no-referrer");
    ctx.set("X-Robots-Tag", "noindex, nofollow");
    ctx.set("Cache-Control", "no-store");
    ctx.set("X-Frame-Options", "DENY");
    ctx.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    const token = typeof ctx.query.token === "string" ? ctx.query.token : "";
    const state: PageState = ctx.method === "POST" ? await actOnNoteToken(s, act as NoteAction, token) : await noteTokenState(s, act as NoteAction, token);
    ctx.status = state === "ended" ? 404 : 200;
    ctx.type = "html";
    const site = s.site.get();
    ctx.body = tokenPage(site, pageLanguage(site, ctx.path), act as NoteAction, state, token);
  };
}
