import { FLOWER_TYPES } from "../../shared/flowers";
import { flowerWords } from "../../shared/flowerWords";
import { CORRECTED_FIELDS, type CorrectedField } from "../../shared/schemas/admin";
import { fullName, memorialPath } from "../../shared/garden";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../shared/i18n/locale";
import { languageOn, localePath, longDate, pathFor } from "../../shared/i18n/content";
import { localeOfPath, pathWithoutLocale, withoutTrailingSlash } from "../../shared/i18n/paths";
import { siteFor, type SiteConfig } from "../../shared/schemas/site";
import { UNSUBSCRIBE_PATH } from "./unsubscribe";
import { MANAGE_PATH, UNDO_DAYS, type FamilyChange, type FamilyView } from "../commands/family";
import type { CorrectionOutcome } from "../commands/corrections";
import { FAMILY_PAGE_WORDS, type FamilyPageWords } from "./words";
import { escapeHtml } from "../lib/html";

/** Plain, readable, printable: the page works the same without JavaScript, and loads nothing from elsewhere. */
const STYLE = `
body{margin:0;background:#fbf8f4;color:#2f2a28;font:18px/1.6 Georgia,"DejaVu Serif",serif}
main{max-width:40rem;margin:0 auto;padding:2rem 1.25rem 4rem}
h1{font-size:1.9rem;line-height:1.25;color:#2c3e36;margin:0 0 1rem}
h2{font-size:1.25rem;color:#2c3e36;margin:0 0 .5rem}
section{border-top:1px solid #d9d0c6;padding:1.25rem 0}
p{margin:0 0 .75rem}
.note{background:#eef5ef;border-left:4px solid #2c6e49;padding:.75rem 1rem;margin:0 0 1.25rem}
.quiet{color:#5b5560;font-size:.95rem}
button,.button{font:inherit;font-size:1rem;padding:.6rem 1.1rem;border-radius:.4rem;border:2px solid #2c3e36;background:#2c3e36;color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
button.secondary,.button.secondary{background:#fff;color:#2c3e36}
button.danger{background:#8a2c3a;border-color:#8a2c3a}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
a{color:#1f5135}
label{display:block;font-weight:bold}
input[type=email],input[type=text],select{font:inherit;width:100%;max-width:24rem;padding:.5rem;border:2px solid #5b5560;border-radius:.3rem;box-sizing:border-box;background:#fff;color:inherit}
.field{margin:0 0 1rem}
.problem{color:#8a2c3a;font-weight:bold;margin:.25rem 0 0}
[aria-invalid=true]{border-color:#8a2c3a}
form{margin:.5rem 0 0}
ul{padding-left:1.25rem}
.language{text-align:right;margin:0 0 .5rem}
select{font:inherit;padding:.4rem;border:2px solid #5b5560;border-radius:.3rem;background:#fff}
fieldset{border:1px solid #d9d0c6;border-radius:.4rem;margin:0 0 .75rem;padding:.5rem 1rem}
legend{font-weight:bold}
.check{display:flex;gap:.5rem;align-items:baseline}
.check label,.pair label{font-weight:normal}
.pair{display:flex;gap:1rem;flex-wrap:wrap}
input[type=checkbox]{width:1.25rem;height:1.25rem}
`;

/**
 * The language of a family's page: its address's, as on the rest of the site (/es/manage-memorial is
 * Spanish), unless the team has that language turned off. `to(path)` is an address of these pages in it.
 */
export interface PageLanguage {
  locale: Locale;
  words: FamilyPageWords;
  to(path: string): string;
}

export function pageLanguage(site: SiteConfig, address: string): PageLanguage {
  const asked = localeOfPath(address);
  const locale = languageOn(site, asked) ? asked : DEFAULT_LOCALE;
  return { locale, words: FAMILY_PAGE_WORDS[locale], to: (path) => localePath(locale, path) };
}

/** A family page's address without its language (`/es/manage-memorial/` → `/manage-memorial`). */
export const barePath = (address: string) => withoutTrailingSlash(pathWithoutLocale(address));

/**
 * The page, titled `heading` and the site's short name in its language: `alternate` is the same
 * page's address without a language (its query kept), linked in each other language the team offers.
 */
export function document(site: SiteConfig, lang: PageLanguage, heading: string, body: string, alternate?: string): string {
  const title = `${heading} | ${siteFor(site, lang.locale).shortName}`;
  const others = alternate
    ? LOCALES.filter((l) => l !== lang.locale && languageOn(site, l))
        .map((l) => `<a href="${escapeHtml(localePath(l, alternate))}" hreflang="${l}" lang="${l}">${escapeHtml(FAMILY_PAGE_WORDS[l].languageName)}</a>`)
        .join(" ")
    : "";
  return `<!doctype html>
<html lang="${lang.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${others ? `<p class="language">${others}</p>` : ""}${body}</main></body></html>`;
}

/** The help line at the foot of each page. */
export function contactLine(site: SiteConfig, lang: PageLanguage): string {
  const texts = siteFor(site, lang.locale);
  return lang.words.contact(texts.email, texts.phones[0]!.number);
}

/** One action: a plain form posting to the manage page (the server checks it came from this site). */
const button = (lang: PageLanguage, change: FamilyChange, label: string, kind = "") =>
  `<form method="post" action="${lang.to(MANAGE_PATH)}"><input type="hidden" name="change" value="${change}"><button type="submit"${kind ? ` class="${kind}"` : ""}>${escapeHtml(label)}</button></form>`;

/** The correction form as sent back with its problems (a 400), or null to fill it from the memorial. */
export interface CorrectionForm {
  values: Record<string, unknown>;
  problems: Partial<Record<CorrectedField, string>>;
}

/** The names, the date and the flower, filled in: from what was sent, or the correction waiting, or the memorial. */
function correctionSection(lang: PageLanguage, f: FamilyView, form: CorrectionForm | null): string {
  const T = lang.words;
  const current: Record<CorrectedField, string | null> = { ...f, babyLastName: f.fullLastName, ...(f.correction ?? {}) };
  const value = (field: CorrectedField) => (form ? (typeof form.values[field] === "string" ? form.values[field] : "") : (current[field] ?? ""));
  const problem = (field: CorrectedField) => form?.problems[field];
  const described = (field: CorrectedField) => (problem(field) ? ` aria-invalid="true" aria-describedby="${field}-problem"` : "");
  const after = (field: CorrectedField) => (problem(field) ? `<p class="problem" id="${field}-problem">${escapeHtml(problem(field)!)}</p>` : "");
  const fields = CORRECTED_FIELDS.map((field) => {
    const required = field === "babyFirstName" || field === "flowerType";
    const label = `${escapeHtml(T.fields[field])}${required ? "" : ` <span class="quiet">${escapeHtml(T.correctOptional)}</span>`}`;
    const control =
      field === "flowerType"
        ? `<select id="${field}" name="${field}" required${described(field)}>${FLOWER_TYPES.map(
            (t) => `<option value="${t}"${t === value(field) ? " selected" : ""}>${escapeHtml(flowerWords(t, lang.locale).label)}</option>`,
          ).join("")}</select>`
        : `<input type="text" id="${field}" name="${field}" value="${escapeHtml(value(field))}"${required ? " required" : ""} autocomplete="off"${described(field)}>`;
    return `<div class="field"><label for="${field}">${label}</label>${control}${after(field)}</div>`;
  }).join("\n");
  const notes = [
    form ? `<p class="problem" role="alert">${escapeHtml(T.correctProblems)}</p>` : "",
    f.correction ? `<p class="note">${escapeHtml(T.correctWaiting)}</p>` : "",
  ].join("");
  return `<section id="correct" aria-labelledby="correct-heading"><h2 id="correct-heading">${escapeHtml(T.correctHeading)}</h2><p>${escapeHtml(f.approved ? T.correctHelp : T.correctWaitingHelp)}</p>${notes}
<form method="post" action="${lang.to(MANAGE_PATH)}#correct"><input type="hidden" name="change" value="correct">${fields}<button type="submit">${escapeHtml(T.correctSend)}</button></form></section>`;
}

/**
 * The page a family's link opens on; `form`: the correction form sent back with its problems;
 * `sections`: more of the page (the remembrance notes' choice).
 */
export function managePage(
  site: SiteConfig,
  lang: PageLanguage,
  f: FamilyView,
  done: FamilyChange | `correction-${CorrectionOutcome}` | null,
  form: CorrectionForm | null = null,
  sections: string[] = [],
): string {
  const T = lang.words;
  const name = fullName(f);
  const flower = flowerWords(f.flowerType, lang.locale).label;
  const parts: string[] = [`<h1>${escapeHtml(T.manageHeading(name))}</h1>`];
  const doneText = done?.startsWith("correction-")
    ? T.correctDone[done.slice("correction-".length) as CorrectionOutcome]
    : done
      ? T.done[done as FamilyChange]
      : "";
  // A correction that changed nothing may have sent no note (none was waiting): the page does not say one went.
  const noted = f.hasEmail && done !== "correction-same";
  if (doneText) parts.push(`<p class="note" role="status">${escapeHtml(doneText)}${noted ? ` ${escapeHtml(T.doneEmail)}` : ""}</p>`);
  parts.push(`<p>${escapeHtml(T.intro)}</p>`);
  parts.push(`<p class="quiet">${escapeHtml(flower)}${f.lossDate ? ` · ${escapeHtml(f.lossDate)}` : ""}</p>`);
  if (f.withdrawnAt) {
    // The last day as the family's note named it: in the organisation's time zone.
    const until = longDate(new Date(Date.parse(f.withdrawnAt) + UNDO_DAYS * 86_400_000), lang.locale, site.timeZone);
    parts.push(`<section><h2>${escapeHtml(T.withdrawHeading)}</h2><p>${escapeHtml(T.withdrawnNote(until))}</p>${button(lang, "restore", T.restore)}</section>`);
  } else {
    const memorial = pathFor(site, lang.locale, memorialPath(f));
    parts.push(
      `<section><p>${escapeHtml(f.approved ? T.inGarden : T.waiting)}</p>${f.approved ? `<p><a href="${escapeHtml(memorial)}">${escapeHtml(T.visit)}</a></p>` : ""}</section>`,
      correctionSection(lang, f, form),
      `<section><h2>${escapeHtml(T.withdrawHeading)}</h2><p>${escapeHtml(T.withdrawHelp)}</p>${button(lang, "withdraw", T.withdraw, "secondary")}</section>`,
    );
  }
  parts.push(
    `<section><h2>${escapeHtml(T.commentsHeading)}</h2><p>${escapeHtml(f.commentsOff ? T.commentsOffHelp : T.commentsOnHelp)}</p>${
      f.commentsOff ? button(lang, "comments-on", T.commentsOn, "secondary") : button(lang, "comments-off", T.commentsOff, "secondary")
    }</section>`,
  );
  if (f.surnameHidden || (f.babyLastName ?? "").trim().length > 2) {
    parts.push(
      `<section><h2>${escapeHtml(T.surnameHeading)}</h2><p>${escapeHtml(f.surnameHidden ? T.surnameInitialHelp : T.surnameFullHelp(f.babyLastName!.trim()))}</p>${
        f.surnameHidden ? button(lang, "surname-full", T.surnameFull, "secondary") : button(lang, "surname-initial", T.surnameInitial, "secondary")
      }</section>`,
    );
  }
  parts.push(
    `<section><h2>${escapeHtml(T.listHeading)}</h2><p>${escapeHtml(f.linkOnly ? T.linkOnlyHelp : T.listedHelp)}</p>${
      f.linkOnly ? button(lang, "listed", T.listed, "secondary") : button(lang, "link-only", T.linkOnly, "secondary")
    }</section>`,
    `<section><h2>${escapeHtml(T.searchHeading)}</h2><p>${escapeHtml(f.searchHidden ? T.searchHiddenHelp : site.allowMemorialIndexing ? T.searchShownHelp : T.searchSiteHiddenHelp)}</p>${
      f.searchHidden ? button(lang, "search-on", T.searchOn, "secondary") : button(lang, "search-off", T.searchOff, "secondary")
    }</section>`,
  );
  parts.push(
    `<section><h2>${escapeHtml(T.updatesHeading)}</h2>${
      !f.hasEmail
        ? `<p>${escapeHtml(T.noEmailHelp)}</p>`
        : `<p>${escapeHtml(f.emailUpdates ? T.updatesOnHelp : T.updatesOffHelp)}</p>${
            f.emailUpdates ? button(lang, "updates-off", T.updatesOff, "secondary") : button(lang, "updates-on", T.updatesOn, "secondary")
          }`
    }</section>`,
  );
  parts.push(...sections);
  parts.push(
    `<section><h2>${escapeHtml(T.deleteHeading)}</h2><p>${escapeHtml(T.deleteHelp)}</p><p><a class="button secondary" href="${lang.to(MANAGE_PATH)}?confirm=delete">${escapeHtml(T.deleteStart)}</a></p></section>`,
    `<section><p class="quiet">${escapeHtml(T.privateNote)} ${escapeHtml(contactLine(site, lang))}</p></section>`,
  );
  return document(site, lang, T.title, parts.join("\n"), MANAGE_PATH);
}

/** The last step before "Delete everything": what will be gone, in words. */
export function confirmDeletePage(site: SiteConfig, lang: PageLanguage, f: FamilyView): string {
  const T = lang.words;
  const items = T.confirmList(fullName(f))
    .map((i) => `<li>${escapeHtml(i)}</li>`)
    .join("");
  return document(
    site,
    lang,
    T.confirmHeading,
    `<h1>${escapeHtml(T.confirmHeading)}</h1><p>${escapeHtml(T.confirmIntro)}</p><ul>${items}</ul><p>${escapeHtml(T.confirmAfter)}</p>
<form method="post" action="${lang.to(MANAGE_PATH)}"><input type="hidden" name="change" value="delete"><input type="hidden" name="confirm" value="yes"><button type="submit" class="danger">${escapeHtml(T.confirmYes)}</button></form>
<p><a href="${lang.to(MANAGE_PATH)}">${escapeHtml(T.confirmNo)}</a></p>`,
    `${MANAGE_PATH}?confirm=delete`,
  );
}

export type NoLinkReason = "none" | "ended" | "sent" | "deleted";

/** The query that shows each of the pages without a working link (what the redirects to them carry). */
export const NO_LINK_QUERY: Record<NoLinkReason, string> = { none: "", ended: "?link=ended", sent: "?sent=1", deleted: "?done=delete" };

/** Without a working link: a gentle word, and the form that sends a new one to the address on file. */
export function noLinkPage(site: SiteConfig, lang: PageLanguage, reason: NoLinkReason): string {
  const T = lang.words;
  const [heading, text] = (
    {
      none: [T.noLinkHeading, T.noLink],
      ended: [T.endedHeading, T.ended],
      sent: [T.sentHeading, T.sent],
      deleted: [T.deletedHeading, T.deleted],
    } satisfies Record<NoLinkReason, [string, string]>
  )[reason];
  const form =
    reason === "sent" || reason === "deleted"
      ? ""
      : `<section><h2>${escapeHtml(T.askHeading)}</h2>
<form method="post" action="${lang.to(MANAGE_PATH)}/email-link"><label for="email">${escapeHtml(T.emailLabel)}</label><p class="quiet" id="email-hint">${escapeHtml(T.emailHint)}</p>
<p><input type="email" id="email" name="email" autocomplete="email" required aria-describedby="email-hint"></p><button type="submit">${escapeHtml(T.send)}</button></form></section>`;
  return document(
    site,
    lang,
    heading,
    `<h1>${escapeHtml(heading)}</h1><p${reason === "sent" ? ' role="status"' : ""}>${escapeHtml(text)}</p>${form}
<section><p class="quiet">${escapeHtml(contactLine(site, lang))}</p><p><a href="${lang.to("/")}">${escapeHtml(T.home)}</a></p></section>`,
    `${MANAGE_PATH}${NO_LINK_QUERY[reason]}`,
  );
}

export type StopUpdatesState = "ask" | "stopped" | "ended" | "busy";

/**
 * The page of an updates email's unsubscribe link. Opened (GET), it only asks:
 * mail scanners open every link. Its button posts the same address, token and all.
 */
export function stopUpdatesPage(site: SiteConfig, lang: PageLanguage, state: StopUpdatesState, token: string): string {
  const T = lang.words;
  const [heading, text] = (
    {
      ask: [T.stopHeading, T.stop],
      stopped: [T.stoppedHeading, T.stopped],
      ended: [T.stopEndedHeading, T.stopEnded],
      busy: [T.stopBusyHeading, T.stopBusy],
    } as const
  )[state];
  const query = `?token=${encodeURIComponent(token)}`;
  const form =
    state === "ask"
      ? `<form method="post" action="${lang.to(UNSUBSCRIBE_PATH)}${query}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(T.stopButton)}</button></form>`
      : "";
  return document(
    site,
    lang,
    heading,
    `<h1>${escapeHtml(heading)}</h1><p${state === "stopped" ? ' role="status"' : ""}>${escapeHtml(text)}</p>${form}
<section><p class="quiet">${escapeHtml(contactLine(site, lang))}</p><p><a href="${lang.to("/")}">${escapeHtml(T.home)}</a></p></section>`,
    // Asking again in the other language: the address keeps its token, as the form's does.
    state === "ask" ? `${UNSUBSCRIBE_PATH}${query}` : undefined,
  );
}
