import { siteFor, type SiteConfig } from "../../shared/schemas/site";
import { flowerWords } from "../../shared/flowerWords";
import { fullName, memorialPath } from "../../shared/garden";
import type { Locale } from "../../shared/i18n/locale";
import { FORMAT_TAG, longDate, pathFor } from "../../shared/i18n/content";
import { formatCount } from "../../shared/numbers";
import { familyLinkMark, MANAGE_PATH, UNDO_DAYS, type FamilyChange } from "../commands/family";
import { FAMILY_WORDS, type FamilyWords } from "./familyWords";
import { escapeHtml } from "../lib/html";

/** A message's content; the outbox adds who it goes to. */
export interface MessageContent {
  subject: string;
  text: string;
  html: string;
}

/** Keeps a header on one line (names come from visitors). */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, " ").trim();

/** Paragraphs of plain text → the same in simple, escaped HTML; a paragraph may be a link. */
export type Block = string | { link: string; label?: string } | { rows: [string, string][] };

/** `signOff` closes a letter to a family; the team's own emails have none. */
function render(subject: string, blocks: Block[], signOff: string | null): MessageContent {
  const all: Block[] = signOff ? [...blocks, signOff] : blocks;
  const text = all
    .map((b) => (typeof b === "string" ? b : "link" in b ? b.link : b.rows.map(([k, v]) => (v.includes("\n") ? `${k}:\n${v}` : `${k}: ${v}`)).join("\n")))
    .join("\n\n");
  const body = all
    .map((b) => {
      if (typeof b === "string") return `<p>${escapeHtml(b).replace(/\n/g, "<br>")}</p>`;
      if ("link" in b) return `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.label ?? b.link)}</a></p>`;
      const rows = b.rows
        .map(
          ([k, v]) =>
            `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(k)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
        )
        .join("");
      return `<table role="presentation" style="border-collapse:collapse">${rows}</table>`;
    })
    .join("\n");
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;font-size:16px;line-height:1.5;color:#2f2a28;max-width:560px">\n${body}\n</body></html>`;
  return { subject: oneLine(subject), text: text + "\n", html };
}

/** A memorial flower as the family's emails name it, with the language they wrote in. */
export type FamilyFlower = {
  id: number;
  parentName: string | null;
  babyFirstName: string;
  babyMiddleName: string | null;
  babyLastName: string | null;
  flowerType: string;
  language: Locale;
};

/** The words of a family's email and the site's texts, in the family's language. */
export function familyLetter(site: SiteConfig, locale: Locale) {
  const words = FAMILY_WORDS[locale];
  const texts = siteFor(site, locale);
  return {
    words,
    render: (subject: string, blocks: Block[]) => render(subject, blocks, words.signOff(texts.organisationName)),
    contact: words.contactLine(texts.phones[0]!.number, texts.email),
  };
}

const dear = (words: FamilyWords, f: { parentName: string | null }) => words.dear(f.parentName?.trim() ?? "");

/**
 * The family's private link to manage their memorial. The mark becomes the
 * link itself only as the email is sent (see fillFamilyLinks): the link is
 * never stored.
 */
const manageBlocks = (site: SiteConfig, words: FamilyWords, publicUrl: string, f: FamilyFlower): Block[] => [
  words.manage(fullName(f)),
  { link: `${publicUrl}${pathFor(site, f.language, MANAGE_PATH)}${familyLinkMark(f.id)}`, label: words.manageLabel },
];

/** To the family, as soon as their memorial flower is received. */
export function flowerReceivedMessage(site: SiteConfig, publicUrl: string, f: FamilyFlower): MessageContent {
  const name = fullName(f);
  const { words, render, contact } = familyLetter(site, f.language);
  return render(words.received.subject(name), [
    dear(words, f),
    words.received.thanks(name),
    ...manageBlocks(site, words, publicUrl, f),
    `${words.received.prayers} ${contact}`,
  ]);
}

/** To the family, when their baby's memorial flower is in the garden. */
export function flowerApprovedMessage(site: SiteConfig, publicUrl: string, f: FamilyFlower & { emailUpdates: boolean }): MessageContent {
  const name = fullName(f);
  const { words, render, contact } = familyLetter(site, f.language);
  return render(words.approved.subject(name), [
    dear(words, f),
    words.approved.placed(name, flowerWords(f.flowerType, f.language).label),
    { link: new URL(pathFor(site, f.language, memorialPath(f)), publicUrl + "/").toString(), label: words.approved.visit(name) },
    ...manageBlocks(site, words, publicUrl, f),
    ...(f.emailUpdates ? [words.approved.onTheList] : []),
    `${words.approved.remembered(name)} ${contact}`,
  ]);
}

/** To an address on file (or one a volunteer typed), with a new private link. */
export function familyLinkMessage(site: SiteConfig, publicUrl: string, f: FamilyFlower): MessageContent {
  const name = fullName(f);
  const { words, render, contact } = familyLetter(site, f.language);
  return render(words.link.subject(name), [
    dear(words, f),
    words.link.here(name),
    ...manageBlocks(site, words, publicUrl, f),
    `${words.link.notYou} ${contact}`,
  ]);
}

/**
 * To the address on file, after each change made with the family's private link. `at` is when the
 * change was made: a withdrawn memorial can be brought back for UNDO_DAYS from then, and the note
 * names the last day in the organisation's time zone.
 */
export function familyChangedMessage(site: SiteConfig, f: FamilyFlower, change: FamilyChange, at: Date): MessageContent {
  const name = fullName(f);
  const { words, render } = familyLetter(site, f.language);
  const until = longDate(new Date(at.getTime() + UNDO_DAYS * 86_400_000), f.language, site.timeZone);
  return render(words.changed.subject(name), [
    dear(words, f),
    `${words.changed.what[change](name, until, formatCount(UNDO_DAYS, FORMAT_TAG[f.language]))} ${words.changed.justNow}`,
    words.changed.ifNotYou(site.email, site.phones[0]!.number),
  ]);
}

/** What a family's note says of their correction to the names, the date or the flower. */
type CorrectionStep = "asked" | "applied" | "withdrawn" | "approved" | "declined";

/** A correction's notes, in the family's language (see FAMILY_WORDS for the rest of their emails). */
const CORRECTION: Record<
  Locale,
  {
    subject(name: string, byFamily: boolean): string;
    said: Record<CorrectionStep, (name: string) => string[]>;
    ifNotYou(email: string, phone: string): string;
    prayers: string;
  }
> = {
  en: {
    subject: (n, byFamily) => (byFamily ? `A correction to ${n}'s memorial` : `Your correction to ${n}'s memorial`),
    said: {
      asked: (n) => [
        `Thank you for your correction to ${n}'s memorial. A volunteer will look at it soon and write to you again; until then the memorial stays as it is. It was sent just now with your private link.`,
      ],
      applied: (n) => [`${n}'s memorial was corrected just now with your private link. A volunteer will look at the memorial before it goes into the garden.`],
      withdrawn: (n) => [`The correction you sent for ${n}'s memorial was withdrawn just now with your private link. The memorial stays as it is.`],
      approved: (n) => [`Your correction is made: the memorial now reads ${n}, with the care it deserves.`],
      declined: () => [
        "A volunteer looked at your correction and has kept the memorial as it was for now.",
        "We are sorry we could not make this change. If you would like to tell us more, or to talk about it, we will gladly help.",
      ],
    },
    ifNotYou: (email, phone) =>
      `If this was you, there is nothing more to do. If it was not you, please write to us at ${email} or call us at ${phone}: we will put it right and close your private links.`,
    prayers: "We keep your family in our prayers.",
  },
  es: {
    subject: (n, byFamily) => (byFamily ? `Una corrección a la página en memoria de ${n}` : `Su corrección a la página en memoria de ${n}`),
    said: {
      asked: (n) => [
        `Gracias por su corrección a la página en memoria de ${n}. Un voluntario la revisará pronto y le escribiremos de nuevo; mientras tanto, la página queda como está. Se envió hace un momento con su enlace privado.`,
      ],
      applied: (n) => [
        `La página en memoria de ${n} se corrigió hace un momento con su enlace privado. Un voluntario la revisará antes de que aparezca en el jardín.`,
      ],
      withdrawn: (n) => [
        `La corrección que envió para la página en memoria de ${n} se retiró hace un momento con su enlace privado. La página queda como está.`,
      ],
      approved: (n) => [`Su corrección ya está hecha: la página ahora dice ${n}, con el cuidado que merece.`],
      declined: () => [
        "Un voluntario revisó su corrección y, por ahora, ha dejado la página como estaba.",
        "Lamentamos no haber podido hacer este cambio. Si desea contarnos más, o hablar de ello, con gusto le ayudaremos.",
      ],
    },
    ifNotYou: (email, phone) =>
      `Si fue usted, no tiene que hacer nada más. Si no fue usted, por favor escríbanos a ${email} o llámenos al ${phone}: lo corregiremos y cerraremos sus enlaces privados.`,
    prayers: "Tenemos a su familia presente en nuestras oraciones.",
  },
};

/** To the address on file, about a correction to the memorial: sent, made, withdrawn, or decided by a volunteer. */
export function familyCorrectionMessage(site: SiteConfig, f: FamilyFlower, action: CorrectionStep): MessageContent {
  const name = fullName(f);
  const byFamily = action === "asked" || action === "applied" || action === "withdrawn";
  const { words, render, contact } = familyLetter(site, f.language);
  const said = CORRECTION[f.language];
  return render(said.subject(name, byFamily), [
    dear(words, f),
    ...said.said[action](name),
    byFamily ? said.ifNotYou(site.email, site.phones[0]!.number) : `${said.prayers} ${contact}`,
  ]);
}

/** A monthly update as a volunteer wrote it: in English, and in Spanish when they wrote that too. */
export interface UpdateText {
  subject: string;
  text: string;
  spanish?: { subject: string; text: string } | null;
}

/**
 * One family's copy of the monthly update a volunteer wrote, in the family's
 * language: their greeting, the update's paragraphs (the Spanish version for
 * a Spanish family when there is one, else the English), the sign-off, and
 * why they receive it with the link that stops it (the same token as the
 * List-Unsubscribe header the message carries).
 */
export function monthlyUpdateMessage(
  site: SiteConfig,
  update: UpdateText,
  f: { parentName: string | null; language: Locale },
  unsubscribe: string,
): MessageContent {
  const written = f.language === "es" && update.spanish ? update.spanish : update;
  const paragraphs = written.text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const { words } = familyLetter(site, f.language);
  return render(
    written.subject,
    [
      dear(words, f),
      ...paragraphs,
      words.signOff(siteFor(site, f.language).organisationName),
      words.update.why,
      { link: unsubscribe, label: words.update.stop },
    ],
    null,
  );
}

/** To the person who shared a testimonial, when it is posted. */
export function testimonialApprovedMessage(site: SiteConfig, publicUrl: string, t: { firstName: string; language: Locale }): MessageContent {
  const { words, render, contact } = familyLetter(site, t.language);
  return render(words.testimonial.subject, [
    words.dear(t.firstName.trim()),
    words.testimonial.thanks,
    { link: `${publicUrl}${pathFor(site, t.language, "/share-testimonial")}` },
    `${words.testimonial.grateful} ${contact}`,
  ]);
}

/** Each language's name as the team (in English) reads it. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", es: "Spanish" };

/** To the team, at once, for every request for help. */
export function assistanceRequestMessage(
  site: SiteConfig,
  r: { firstName: string; lastName: string; email: string; phoneNumber: string; comments: string; language: Locale; receivedAt: string },
): MessageContent {
  const name = `${r.firstName.trim()} ${r.lastName.trim()}`;
  // The team reads English; a request sent from the Spanish pages says so, so the answer comes in Spanish.
  const language: [string, string][] =
    r.language === "en" ? [] : [["Language", `${LANGUAGE_NAMES[r.language]}: please answer in ${LANGUAGE_NAMES[r.language]}`]];
  return render(
    `Request for help from ${name}: please answer within the hour`,
    [
      `A request for help has just come in through the website. We promise an answer within the hour, so please call or write back now.`,
      {
        rows: [["Name", name], ["Email", r.email], ["Phone", r.phoneNumber], ["Received", r.receivedAt], ...language, ["Comments", r.comments]],
      },
      "Replying to this email answers the person directly.",
      `${site.organisationName}, website`,
    ],
    null,
  );
}

export interface DigestCounts {
  testimonials: number;
  flowers: number;
  comments: number;
  requests: number;
}

/** To the team, once a day: what waits for moderation. */
export function digestMessage(site: SiteConfig, publicUrl: string, c: DigestCounts, date: string): MessageContent {
  const waiting = c.testimonials + c.flowers + c.comments;
  return render(
    `Waiting for review on ${date}: ${waiting} item${waiting === 1 ? "" : "s"}, ${c.requests} request${c.requests === 1 ? "" : "s"} for help`,
    [
      "Here is what is waiting for review on the website today.",
      {
        rows: [
          ["Testimonials to review", String(c.testimonials)],
          ["Memorial flowers to review", String(c.flowers)],
          ["Memorial comments to review", String(c.comments)],
          ["Requests for help in the last day", String(c.requests)],
        ],
      },
      "You can review them in the administrator's area:",
      { link: `${publicUrl}/admin` },
      `Thank you for all you do. ${site.organisationName}, website`,
    ],
    null,
  );
}
