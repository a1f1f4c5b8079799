import type { Context, Middleware } from "koa";
import { RemembranceChoiceInput } from "../../shared/schemas/public";
import { MONTH_NAMES, readableMonthDay } from "../../shared/remembrance";
import type { SiteConfig } from "../../shared/schemas/site";
import { textIn } from "../../shared/schemas/site";
import { DEFAULT_LOCALE } from "../../shared/i18n/locale";
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
import { document, esc } from "./page";

/** Every word of the notes' pages and of their part of the manage page. */
export const NOTES_TEXT = {
  heading: "Gentle notes on the dates you choose",
  offer:
    "We can send you a short note on the days you choose: your baby's anniversary, the due date, or a day of remembrance. We send none unless you ask, and every note has a link to stop them.",
  waiting: (dates: string) => `You asked for a note on ${dates}. We have sent you an email to confirm it: no note comes until you press its button.`,
  on: (dates: string, zone: string) => `You receive a short note in the morning on ${dates} (time zone ${zone}).`,
  paused: (dates: string) => `The notes are paused until next year. Then they come again on ${dates}.`,
  stopped: "The notes are stopped. You can choose them again below.",
  choice: "Send me a gentle note on the dates I choose",
  choiceHint: "Tick the box, then choose a month and a day for each date you would like.",
  anniversary: "The anniversary",
  due: "The due date",
  days: "Days of remembrance",
  month: "Month",
  day: "Day",
  none: "Not chosen",
  zone: "Time zone",
  zoneHint: "The notes come after 9 in the morning in this time zone.",
  save: "Save my choice of notes",
  stop: "Stop these notes",
  pause: "Pause until next year",
  resume: "Send them again this year",
  invalid:
    "We could not save this choice. Please tick the box, and choose both a month and a day for each date (a day that month has), or a day of remembrance.",
  done: {
    asked: "Thank you. We have sent you an email to confirm the notes: none will come until you press its button.",
    changed: "Your choice of dates is saved.",
    stopped: "The notes are stopped. We will send no more.",
    paused: "The notes are paused until next year.",
    resumed: "The notes will come again this year.",
  },
  pages: {
    confirm: {
      ask: [
        "Confirm the gentle notes",
        "Press the button to confirm that you would like a short note from us on the dates you chose. You can stop them at any time.",
      ],
      done: [
        "The notes are confirmed",
        "Thank you. We will send a short note in the morning of each date you chose. Every note has a link to stop them, or to pause them until next year.",
      ],
      button: "Yes, please send me these notes",
    },
    stop: {
      ask: ["Stop these notes?", "Press the button below and we will send you no more remembrance notes. Nothing else changes."],
      done: ["The notes are stopped", "We will send you no more remembrance notes. We keep your family in our prayers."],
      button: "Stop these notes",
    },
    pause: {
      ask: ["Pause the notes until next year?", "Press the button below and we will send no more notes this year. They begin again on 1 January."],
      done: [
        "The notes are paused",
        "We will send no more notes this year; they begin again on 1 January. If you would rather stop them altogether, every note has a link for that too.",
      ],
      button: "Pause until next year",
    },
    ended: [
      "We could not read this link",
      "This link does not work, perhaps because it was copied only in part, because the notes were stopped or asked for again since, or because the memorial was deleted.",
    ],
  },
} as const;

const listOf = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

function datesText(v: NotesView): string {
  return listOf(
    v.dates.map((d) =>
      d.kind === "anniversary"
        ? `the anniversary (${readableMonthDay(d)})`
        : d.kind === "due"
          ? `the due date (${readableMonthDay(d)})`
          : `${d.name} (${readableMonthDay(d)})`,
    ),
  );
}

const action = (change: string, label: string, kind = "secondary") =>
  `<form method="post" action="${MANAGE_PATH}"><input type="hidden" name="change" value="${change}"><button type="submit" class="${kind}">${esc(label)}</button></form>`;

function select(name: string, label: string, count: number, chosen: number | null, names?: readonly string[]): string {
  const id = `notes-${name}`;
  const options = [`<option value="">${esc(NOTES_TEXT.none)}</option>`];
  for (let i = 1; i <= count; i++) options.push(`<option value="${i}"${chosen === i ? " selected" : ""}>${esc(names ? names[i - 1]! : String(i))}</option>`);
  return `<p><label for="${id}">${esc(label)}</label><select id="${id}" name="${name}">${options.join("")}</select></p>`;
}

const pair = (legend: string, prefix: string, month: number | null, day: number | null) =>
  `<fieldset><legend>${esc(legend)}</legend><div class="pair">${select(`${prefix}Month`, NOTES_TEXT.month, 12, month, MONTH_NAMES)}${select(`${prefix}Day`, NOTES_TEXT.day, 31, day)}</div></fieldset>`;

/** Every zone this server knows, the family's chosen one first among them as selected. */
let zones: string[] | undefined;
const allZones = () => (zones ??= Intl.supportedValuesOf("timeZone"));

export type NotesDone = keyof typeof NOTES_TEXT.done | "invalid";

/** The notes' part of the manage page: what is chosen, the form to choose (unticked unless chosen), and stop or pause. */
export function notesSection(site: SiteConfig, v: NotesView, done: NotesDone | null): string {
  const offered = site.remembranceNotes;
  if (!offered) return "";
  const T = NOTES_TEXT;
  const live = v.state === "waiting" || v.state === "on" || v.state === "paused";
  const dates = datesText(v);
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
  const notice = done ? `<p class="note" role="status">${esc(done === "invalid" ? T.invalid : T.done[done])}</p>` : "";
  const days = offered.days.length
    ? `<fieldset><legend>${esc(T.days)}</legend>${offered.days
        .map(
          (d) =>
            `<p class="check"><input type="checkbox" id="notes-day-${d.id}" name="remembranceDays" value="${d.id}"${live && v.remembranceDays.includes(d.id) ? " checked" : ""}><label for="notes-day-${d.id}">${esc(`${textIn(d.name, DEFAULT_LOCALE)}, ${readableMonthDay(d)}`)}</label></p>`,
        )
        .join("")}</fieldset>`
    : "";
  const zoneOptions = (allZones().includes(v.timeZone) ? allZones() : [v.timeZone, ...allZones()])
    .map((z) => `<option${z === v.timeZone ? " selected" : ""}>${esc(z)}</option>`)
    .join("");
  const form = `<form method="post" action="${MANAGE_PATH}"><input type="hidden" name="change" value="notes-save">
<p class="check"><input type="checkbox" id="notes-choice" name="remembranceNotes" aria-describedby="notes-choice-hint"${live ? " checked" : ""}><label for="notes-choice">${esc(T.choice)}</label></p>
<p class="quiet" id="notes-choice-hint">${esc(T.choiceHint)}</p>
${pair(T.anniversary, "anniversary", live ? v.anniversaryMonth : null, live ? v.anniversaryDay : null)}
${pair(T.due, "due", live ? v.dueMonth : null, live ? v.dueDay : null)}
${days}
<p><label for="notes-zone">${esc(T.zone)}</label><span class="quiet" id="notes-zone-hint">${esc(T.zoneHint)}</span><br><select id="notes-zone" name="timeZone" aria-describedby="notes-zone-hint">${zoneOptions}</select></p>
<button type="submit">${esc(T.save)}</button></form>`;
  const controls = live
    ? `<div class="pair">${action("notes-stop", T.stop)}${v.state === "paused" ? action("notes-resume", T.resume) : v.state === "on" ? action("notes-pause", T.pause) : ""}</div>`
    : "";
  return `<section id="notes"><h2>${esc(T.heading)}</h2>${notice}<p>${esc(status)}</p>${controls}${form}</section>`;
}

/** The manage page's changes to the notes, as `change` names them. */
export const NOTES_CHANGES = ["notes-save", "notes-stop", "notes-pause", "notes-resume"] as const;
export const isNotesChange = (change: unknown): change is (typeof NOTES_CHANGES)[number] => NOTES_CHANGES.includes(change as never);

/** Makes a notes change from the manage page (its link names the flower); answers where to send the browser. */
export async function manageNotes(s: Services, flowerId: number, change: (typeof NOTES_CHANGES)[number], body: unknown): Promise<string> {
  const back = (done: NotesDone) => `${MANAGE_PATH}?notes=${done}#notes`;
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
  typeof value === "string" && (value === "invalid" || value in NOTES_TEXT.done) ? (value as NotesDone) : null;

type PageState = "ask" | "done" | "ended";

function tokenPage(site: SiteConfig, act: NoteAction, state: PageState, token: string): string {
  const T = NOTES_TEXT.pages;
  const [heading, text] = state === "ended" ? T.ended : T[act][state];
  const form =
    state === "ask"
      ? `<form method="post" action="${NOTES_PATH}/${act}?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${esc(T[act].button)}</button></form>`
      : "";
  return document(
    `${heading} | ${site.shortName}`,
    `<h1>${esc(heading)}</h1><p${state === "done" ? ' role="status"' : ""}>${esc(text)}</p>${form}
<section><p class="quiet">${esc(`If you need help, please write to ${site.email} or call ${site.phones[0]!.number}.`)}</p><p><a href="/">Back to the home page</a></p></section>`,
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
    const path = ctx.path.length > 1 ? ctx.path.replace(/\/+$/, "") : ctx.path;
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
    ctx.body = tokenPage(s.site.get(), act as NoteAction, state, token);
  };
}
