import { describeFlower, FLOWER_TYPES } from "../../shared/flowers";
import { CORRECTED_FIELD_LABELS, CORRECTED_FIELDS, type CorrectedField } from "../../shared/schemas/admin";
import { fullName, memorialPath } from "../../shared/garden";
import type { SiteConfig } from "../../shared/schemas/site";
import { UNSUBSCRIBE_PATH } from "./unsubscribe";
import { MANAGE_PATH, UNDO_DAYS, type FamilyChange, type FamilyView } from "../commands/family";
import type { CorrectionOutcome } from "../commands/corrections";

/** Every word of the family's pages, in one place (a translation replaces this object). */
export const FAMILY_TEXT = {
  title: "Your baby's memorial",
  manageHeading: (name: string) => `${name}'s memorial`,
  intro: "Here you can change what others see of your baby's memorial. Each choice below takes effect at once, and you can change it again later.",
  inGarden: "The memorial is in the Garden of Remembrance.",
  waiting: "A volunteer has not placed the memorial in the garden yet. Your choices here will apply when they do.",
  visit: "Visit the memorial",
  withdrawnNote: (until: string) =>
    `The memorial is withdrawn: nobody can see it. You can bring it back until ${until}; after that it will be deleted, with everything about it.`,
  withdrawHeading: "Withdraw the memorial",
  withdrawHelp: "The memorial leaves the garden and its page at once. You can bring it back with this link for 30 days.",
  withdraw: "Withdraw the memorial",
  restore: "Bring the memorial back",
  commentsHeading: "Comments",
  commentsOnHelp: "Visitors can leave a message of comfort, which a volunteer reads first.",
  commentsOffHelp: "Comments are off: no new messages can be left, and the ones left before are not shown.",
  commentsOff: "Turn comments off",
  commentsOn: "Turn comments on again",
  surnameHeading: "Surname",
  surnameFullHelp: (surname: string) => `The memorial shows the full surname, ${surname}.`,
  surnameInitialHelp: "The memorial shows only the first letter of the surname.",
  surnameInitial: "Show only the first letter",
  surnameFull: "Show the full surname again",
  updatesHeading: "Monthly updates by email",
  updatesOnHelp: "You receive our occasional updates, about once a month.",
  updatesOffHelp: "You do not receive our updates.",
  updatesOff: "Stop the updates",
  updatesOn: "Send me the updates",
  listHeading: "The garden's list",
  listedHelp: "The memorial is in the Garden of Remembrance's list, where visitors can find it by name or by letter.",
  linkOnlyHelp: "The memorial is not in the garden's list. Only those who have its address can see it.",
  linkOnly: "Show it only to those who have the address",
  listed: "Put it back in the garden's list",
  searchHeading: "Search engines",
  searchShownHelp: "Search engines such as Google may show the memorial when someone searches for the name.",
  searchSiteHiddenHelp: "Our website asks search engines not to show memorials. You can make sure this one stays out of them, even if that changes one day.",
  searchHiddenHelp: "Search engines are asked not to show the memorial, its picture, or the garden pages with its name.",
  searchOff: "Keep it out of search engines",
  searchOn: "Let search engines show it again",
  noEmailHelp: "We have no email address for this memorial, so we send no updates.",
  deleteHeading: "Delete everything",
  deleteHelp: "Deletes the memorial, its comments, your name and your email address from our website for good.",
  deleteStart: "Delete everything…",
  confirmHeading: "Delete everything about this memorial?",
  confirmList: (name: string) => [
    `${name}'s memorial flower and its page`,
    "every comment left for it",
    "your name and email address, and your place on our updates list",
    "this private link and every other link to manage it",
  ],
  confirmIntro: "This will delete, for good:",
  confirmAfter: "It cannot be undone. A short note will go to the email address we have, to say it was done.",
  confirmYes: "Yes, delete everything",
  confirmNo: "Keep the memorial",
  privateNote: "This page is private. Please keep your link to yourself: whoever has it can make these changes.",
  correctHeading: "Correct the names, the date or the flower",
  correctHelp:
    "If something is not as it should be, you can correct it here. A volunteer looks at each correction first; until then the memorial stays as it is.",
  correctWaitingHelp: "A volunteer has not placed the memorial in the garden yet: your correction is made at once, and they will see it with the memorial.",
  correctWaiting: "Your correction is waiting for a volunteer. It is filled in below: if you send the form again, it replaces the one waiting.",
  correctProblems: "Please look at the fields marked below.",
  correctOptional: "(if you wish)",
  correctSend: "Send the correction",
  correctDone: {
    asked: "Thank you. A volunteer will look at your correction soon; until then the memorial stays as it is.",
    applied: "Thank you. The memorial is corrected.",
    same: "There was nothing to change: the memorial stays as it is, and no correction is waiting.",
  } satisfies Record<CorrectionOutcome, string>,
  done: {
    withdraw: "The memorial is withdrawn. Nobody can see it now.",
    restore: "The memorial is back.",
    "comments-off": "Comments are off.",
    "comments-on": "Comments are on again.",
    "surname-initial": "The memorial now shows only the first letter of the surname.",
    "surname-full": "The memorial shows the full surname again.",
    "updates-off": "We will send you no more updates.",
    "updates-on": "You will receive our monthly updates.",
    "link-only": "The memorial is out of the garden's list. Only those who have its address can see it.",
    listed: "The memorial is in the garden's list again.",
    "search-off": "Search engines are asked not to show the memorial.",
    "search-on": "Search engines may show the memorial again, if our website allows it.",
    delete: "",
  } satisfies Record<FamilyChange, string>,
  doneEmail: "We have sent a short note about this change to the email address we have.",
  deletedHeading: "Everything is deleted",
  deleted: "The memorial and everything about it have been deleted, as you asked. We keep your family in our prayers.",
  endedHeading: "This link no longer works",
  ended:
    "Private links stop working after a year without use, or when a newer one has been sent. We can send a new link to the email address you gave us with the memorial.",
  noLinkHeading: "Manage your baby's memorial",
  noLink: "To change or withdraw a memorial, please open the private link in one of our emails. If you cannot find it, we can send you a new one.",
  askHeading: "Email me my link",
  emailLabel: "Your email address",
  emailHint: "The one you gave us with the memorial.",
  send: "Email me my link",
  sentHeading: "Please check your email",
  sent: "If this address is the one we have for a memorial, a new private link is on its way to it. It may take a few minutes; please look in your spam folder too.",
  contact: (site: SiteConfig) => `If you need help, please write to ${site.email} or call ${site.phones[0]!.number}.`,
  home: "Back to the home page",
  stopHeading: "Stop our monthly updates?",
  stop: "If you would rather not receive our monthly updates any more, press the button below. We will not send you any others.",
  stopButton: "Stop the updates",
  stoppedHeading: "The updates are stopped",
  stopped:
    "We will send you no more monthly updates. We are sorry to see you go, and we keep your family in our prayers. If you change your mind, the private link in our emails lets you choose them again.",
  stopEndedHeading: "We could not read this link",
  stopEnded: "This link to stop our updates does not work, perhaps because it was copied only in part, or its memorial was deleted.",
  stopBusyHeading: "Please try again in a little while",
  stopBusy:
    "We have received many requests from your connection in a short time. Please try again in an hour, or write to us and we will stop the updates for you.",
};

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

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
select{font:inherit;padding:.4rem;border:2px solid #5b5560;border-radius:.3rem;background:#fff}
fieldset{border:1px solid #d9d0c6;border-radius:.4rem;margin:0 0 .75rem;padding:.5rem 1rem}
legend{font-weight:bold}
.check{display:flex;gap:.5rem;align-items:baseline}
.check label,.pair label{font-weight:normal}
.pair{display:flex;gap:1rem;flex-wrap:wrap}
input[type=checkbox]{width:1.25rem;height:1.25rem}
`;

export function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/** One action: a plain form posting to the manage page (the server checks it came from this site). */
const button = (change: FamilyChange, label: string, kind = "") =>
  `<form method="post" action="${MANAGE_PATH}"><input type="hidden" name="change" value="${change}"><button type="submit"${kind ? ` class="${kind}"` : ""}>${esc(label)}</button></form>`;

const readableDate = (d: Date) => d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** The correction form as sent back with its problems (a 400), or null to fill it from the memorial. */
export interface CorrectionForm {
  values: Record<string, unknown>;
  problems: Partial<Record<CorrectedField, string>>;
}

/** The names, the date and the flower, filled in: from what was sent, or the correction waiting, or the memorial. */
function correctionSection(f: FamilyView, form: CorrectionForm | null): string {
  const T = FAMILY_TEXT;
  const current: Record<CorrectedField, string | null> = { ...f, babyLastName: f.fullLastName, ...(f.correction ?? {}) };
  const value = (field: CorrectedField) => (form ? (typeof form.values[field] === "string" ? (form.values[field] as string) : "") : (current[field] ?? ""));
  const problem = (field: CorrectedField) => form?.problems[field];
  const described = (field: CorrectedField) => (problem(field) ? ` aria-invalid="true" aria-describedby="${field}-problem"` : "");
  const after = (field: CorrectedField) => (problem(field) ? `<p class="problem" id="${field}-problem">${esc(problem(field)!)}</p>` : "");
  const fields = CORRECTED_FIELDS.map((field) => {
    const required = field === "babyFirstName" || field === "flowerType";
    const label = `${esc(CORRECTED_FIELD_LABELS[field])}${required ? "" : ` <span class="quiet">${esc(T.correctOptional)}</span>`}`;
    const control =
      field === "flowerType"
        ? `<select id="${field}" name="${field}" required${described(field)}>${FLOWER_TYPES.map(
            (t) => `<option value="${t}"${t === value(field) ? " selected" : ""}>${esc(describeFlower(t).label)}</option>`,
          ).join("")}</select>`
        : `<input type="text" id="${field}" name="${field}" value="${esc(value(field))}"${required ? " required" : ""} autocomplete="off"${described(field)}>`;
    return `<div class="field"><label for="${field}">${label}</label>${control}${after(field)}</div>`;
  }).join("\n");
  const notes = [
    form ? `<p class="problem" role="alert">${esc(T.correctProblems)}</p>` : "",
    f.correction ? `<p class="note">${esc(T.correctWaiting)}</p>` : "",
  ].join("");
  return `<section id="correct" aria-labelledby="correct-heading"><h2 id="correct-heading">${esc(T.correctHeading)}</h2><p>${esc(f.approved ? T.correctHelp : T.correctWaitingHelp)}</p>${notes}
<form method="post" action="${MANAGE_PATH}#correct"><input type="hidden" name="change" value="correct">${fields}<button type="submit">${esc(T.correctSend)}</button></form></section>`;
}

/**
 * The page a family's link opens on; `form`: the correction form sent back with its problems;
 * `sections`: more of the page (the remembrance notes' choice).
 */
export function managePage(
  site: SiteConfig,
  f: FamilyView,
  done: FamilyChange | `correction-${CorrectionOutcome}` | null,
  form: CorrectionForm | null = null,
  sections: string[] = [],
): string {
  const T = FAMILY_TEXT;
  const name = fullName(f);
  const flower = describeFlower(f.flowerType).label;
  const parts: string[] = [`<h1>${esc(T.manageHeading(name))}</h1>`];
  const doneText = done?.startsWith("correction-")
    ? T.correctDone[done.slice("correction-".length) as CorrectionOutcome]
    : done
      ? T.done[done as FamilyChange]
      : "";
  // A correction that changed nothing may have sent no note (none was waiting): the page does not say one went.
  const noted = f.hasEmail && done !== "correction-same";
  if (doneText) parts.push(`<p class="note" role="status">${esc(doneText)}${noted ? ` ${esc(T.doneEmail)}` : ""}</p>`);
  parts.push(`<p>${esc(T.intro)}</p>`);
  parts.push(`<p class="quiet">${esc(flower)}${f.lossDate ? ` · ${esc(f.lossDate)}` : ""}</p>`);
  if (f.withdrawnAt) {
    const until = readableDate(new Date(Date.parse(f.withdrawnAt) + UNDO_DAYS * 86_400_000));
    parts.push(`<section><h2>${esc(T.withdrawHeading)}</h2><p>${esc(T.withdrawnNote(until))}</p>${button("restore", T.restore)}</section>`);
  } else {
    parts.push(
      `<section><p>${esc(f.approved ? T.inGarden : T.waiting)}</p>${f.approved ? `<p><a href="${esc(memorialPath(f))}">${esc(T.visit)}</a></p>` : ""}</section>`,
      correctionSection(f, form),
      `<section><h2>${esc(T.withdrawHeading)}</h2><p>${esc(T.withdrawHelp)}</p>${button("withdraw", T.withdraw, "secondary")}</section>`,
    );
  }
  parts.push(
    `<section><h2>${esc(T.commentsHeading)}</h2><p>${esc(f.commentsOff ? T.commentsOffHelp : T.commentsOnHelp)}</p>${
      f.commentsOff ? button("comments-on", T.commentsOn, "secondary") : button("comments-off", T.commentsOff, "secondary")
    }</section>`,
  );
  if (f.surnameHidden || (f.babyLastName ?? "").trim().length > 2) {
    parts.push(
      `<section><h2>${esc(T.surnameHeading)}</h2><p>${esc(f.surnameHidden ? T.surnameInitialHelp : T.surnameFullHelp(f.babyLastName!.trim()))}</p>${
        f.surnameHidden ? button("surname-full", T.surnameFull, "secondary") : button("surname-initial", T.surnameInitial, "secondary")
      }</section>`,
    );
  }
  parts.push(
    `<section><h2>${esc(T.listHeading)}</h2><p>${esc(f.linkOnly ? T.linkOnlyHelp : T.listedHelp)}</p>${
      f.linkOnly ? button("listed", T.listed, "secondary") : button("link-only", T.linkOnly, "secondary")
    }</section>`,
    `<section><h2>${esc(T.searchHeading)}</h2><p>${esc(f.searchHidden ? T.searchHiddenHelp : site.allowMemorialIndexing ? T.searchShownHelp : T.searchSiteHiddenHelp)}</p>${
      f.searchHidden ? button("search-on", T.searchOn, "secondary") : button("search-off", T.searchOff, "secondary")
    }</section>`,
  );
  parts.push(
    `<section><h2>${esc(T.updatesHeading)}</h2>${
      !f.hasEmail
        ? `<p>${esc(T.noEmailHelp)}</p>`
        : `<p>${esc(f.emailUpdates ? T.updatesOnHelp : T.updatesOffHelp)}</p>${
            f.emailUpdates ? button("updates-off", T.updatesOff, "secondary") : button("updates-on", T.updatesOn, "secondary")
          }`
    }</section>`,
  );
  parts.push(...sections);
  parts.push(
    `<section><h2>${esc(T.deleteHeading)}</h2><p>${esc(T.deleteHelp)}</p><p><a class="button secondary" href="${MANAGE_PATH}?confirm=delete">${esc(T.deleteStart)}</a></p></section>`,
    `<section><p class="quiet">${esc(T.privateNote)} ${esc(T.contact(site))}</p></section>`,
  );
  return document(`${T.title} | ${site.shortName}`, parts.join("\n"));
}

/** The last step before "Delete everything": what will be gone, in words. */
export function confirmDeletePage(site: SiteConfig, f: FamilyView): string {
  const T = FAMILY_TEXT;
  const items = T.confirmList(fullName(f))
    .map((i) => `<li>${esc(i)}</li>`)
    .join("");
  return document(
    `${T.confirmHeading} | ${site.shortName}`,
    `<h1>${esc(T.confirmHeading)}</h1><p>${esc(T.confirmIntro)}</p><ul>${items}</ul><p>${esc(T.confirmAfter)}</p>
<form method="post" action="${MANAGE_PATH}"><input type="hidden" name="change" value="delete"><input type="hidden" name="confirm" value="yes"><button type="submit" class="danger">${esc(T.confirmYes)}</button></form>
<p><a href="${MANAGE_PATH}">${esc(T.confirmNo)}</a></p>`,
  );
}

export type NoLinkReason = "none" | "ended" | "sent" | "deleted";

/** Without a working link: a gentle word, and the form that sends a new one to the address on file. */
export function noLinkPage(site: SiteConfig, reason: NoLinkReason): string {
  const T = FAMILY_TEXT;
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
      : `<section><h2>${esc(T.askHeading)}</h2>
<form method="post" action="${MANAGE_PATH}/email-link"><label for="email">${esc(T.emailLabel)}</label><p class="quiet" id="email-hint">${esc(T.emailHint)}</p>
<p><input type="email" id="email" name="email" autocomplete="email" required aria-describedby="email-hint"></p><button type="submit">${esc(T.send)}</button></form></section>`;
  return document(
    `${heading} | ${site.shortName}`,
    `<h1>${esc(heading)}</h1><p${reason === "sent" ? ' role="status"' : ""}>${esc(text)}</p>${form}
<section><p class="quiet">${esc(T.contact(site))}</p><p><a href="/">${esc(T.home)}</a></p></section>`,
  );
}

export type StopUpdatesState = "ask" | "stopped" | "ended" | "busy";

/**
 * The page of an updates email's unsubscribe link. Opened (GET), it only asks:
 * mail scanners open every link. Its button posts the same address, token and all.
 */
export function stopUpdatesPage(site: SiteConfig, state: StopUpdatesState, token: string): string {
  const T = FAMILY_TEXT;
  const [heading, text] = (
    {
      ask: [T.stopHeading, T.stop],
      stopped: [T.stoppedHeading, T.stopped],
      ended: [T.stopEndedHeading, T.stopEnded],
      busy: [T.stopBusyHeading, T.stopBusy],
    } as const
  )[state];
  const form =
    state === "ask"
      ? `<form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${esc(T.stopButton)}</button></form>`
      : "";
  return document(
    `${heading} | ${site.shortName}`,
    `<h1>${esc(heading)}</h1><p${state === "stopped" ? ' role="status"' : ""}>${esc(text)}</p>${form}
<section><p class="quiet">${esc(T.contact(site))}</p><p><a href="/">${esc(T.home)}</a></p></section>`,
  );
}
