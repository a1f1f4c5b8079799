import type { SiteConfig } from "../../shared/schemas/site";
import { describeFlower } from "../../shared/flowers";
import { fullName, memorialPath } from "../../shared/garden";
import { familyLinkMark, MANAGE_PATH, type FamilyChange } from "../commands/family";

/** A message's content; the outbox adds who it goes to. */
export interface MessageContent {
  subject: string;
  text: string;
  html: string;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Keeps a header on one line (names come from visitors). */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, " ").trim();

/** The baby's own memorial page (/garden-of-remembrance/1234-grace-marie-lee): it opens on the name. */
function memorialLink(publicUrl: string, f: Parameters<typeof memorialPath>[0]): string {
  return new URL(memorialPath(f), publicUrl + "/").toString();
}

/** Paragraphs of plain text → the same in simple, escaped HTML; a paragraph may be a link. */
type Block = string | { link: string; label?: string } | { rows: [string, string][] };

function render(site: SiteConfig, subject: string, blocks: Block[], signOff = true): MessageContent {
  const all: Block[] = signOff ? [...blocks, `With warm regards,\n${site.organisationName}`] : blocks;
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

const contactLine = (site: SiteConfig) => `If you would like to talk with someone, you can call us at ${site.phones[0]!.number} or write to ${site.email}.`;

/** A memorial flower as the family's emails name it. */
type FamilyFlower = {
  id: number;
  parentName: string | null;
  babyFirstName: string;
  babyMiddleName: string | null;
  babyLastName: string | null;
  flowerType: string;
};

const dear = (f: { parentName: string | null }) => `Dear ${f.parentName?.trim() || "friend"},`;

/**
 * The family's private link to manage their memorial. The mark becomes the
 * link itself only as the email is sent (see fillFamilyLinks): the link is
 * never stored.
 */
const manageBlocks = (publicUrl: string, f: FamilyFlower): Block[] => [
  `Your private link below lets you withdraw ${fullName(f)}'s memorial, turn comments off, or stop our emails, without an account. Please keep it to yourself: whoever has it can make these changes. It stops working after a year without use, and you can ask for a new one at any time.`,
  { link: `${publicUrl}${MANAGE_PATH}${familyLinkMark(f.id)}`, label: "Manage your baby's memorial" },
];

/** To the family, as soon as their memorial flower is received. */
export function flowerReceivedMessage(site: SiteConfig, publicUrl: string, f: FamilyFlower): MessageContent {
  const name = fullName(f);
  return render(site, `We have received ${name}'s memorial flower`, [
    dear(f),
    `Thank you for sharing ${name} with us. A volunteer will look at your memorial flower soon, and we will write again when it is in the Garden of Remembrance.`,
    ...manageBlocks(publicUrl, f),
    `We keep your family in our prayers. ${contactLine(site)}`,
  ]);
}

/** To the family, when their baby's memorial flower is in the garden. */
export function flowerApprovedMessage(site: SiteConfig, publicUrl: string, f: FamilyFlower & { emailUpdates: boolean }): MessageContent {
  const name = fullName(f);
  const flower = describeFlower(f.flowerType).label.toLowerCase();
  return render(site, `${name}'s memorial flower is now in the Garden of Remembrance`, [
    dear(f),
    `The ${flower} you chose in memory of ${name} has been placed in our Garden of Remembrance. You can visit it here:`,
    { link: memorialLink(publicUrl, f), label: `Visit ${name}'s flower` },
    ...manageBlocks(publicUrl, f),
    ...(f.emailUpdates
      ? [
          'You asked for our occasional updates, sent about once a month, so you are on our list. You can leave it at any time: with the private link above, or with one click on "Unsubscribe" in any of the updates.',
        ]
      : []),
    `${name} is remembered and loved, and we keep your family in our prayers. ${contactLine(site)}`,
  ]);
}

/** To an address on file (or one a volunteer typed), with a new private link. */
export function familyLinkMessage(site: SiteConfig, publicUrl: string, f: FamilyFlower): MessageContent {
  const name = fullName(f);
  return render(site, `Your private link to ${name}'s memorial`, [
    dear(f),
    `Here is a new private link to manage ${name}'s memorial flower, as was asked on our website.`,
    ...manageBlocks(publicUrl, f),
    `If you did not ask for it, you need not do anything. ${contactLine(site)}`,
  ]);
}

/** What a family's note says was changed. */
const CHANGED: Record<FamilyChange, (name: string) => string> = {
  withdraw: (n) =>
    `${n}'s memorial was withdrawn from the Garden of Remembrance. It can be brought back with your private link for 30 days; after that it will be deleted.`,
  restore: (n) => `${n}'s memorial was brought back.`,
  "comments-off": (n) => `Comments on ${n}'s memorial were turned off.`,
  "comments-on": (n) => `Comments on ${n}'s memorial were turned on again.`,
  "surname-initial": (n) => `${n}'s memorial now shows only the first letter of the surname.`,
  "surname-full": (n) => `${n}'s memorial shows the full surname again.`,
  "updates-off": () => "Our monthly updates to this address were stopped.",
  "updates-on": () => "This address will receive our monthly updates.",
  "link-only": (n) => `${n}'s memorial was taken out of the garden's list: only those who have its address can see it.`,
  listed: (n) => `${n}'s memorial is in the garden's list again.`,
  "search-off": (n) => `Search engines are now asked not to show ${n}'s memorial.`,
  "search-on": (n) => `Search engines may show ${n}'s memorial again, if our website allows it.`,
  delete: (n) => `${n}'s memorial and everything we held about it, this address included, were deleted.`,
};

/** To the address on file, after each change made with the family's private link. */
export function familyChangedMessage(site: SiteConfig, f: FamilyFlower, change: FamilyChange): MessageContent {
  const name = fullName(f);
  return render(site, `A change to ${name}'s memorial`, [
    dear(f),
    `${CHANGED[change](name)} This was done just now with your private link.`,
    `If this was you, there is nothing more to do. If it was not you, please write to us at ${site.email} or call us at ${site.phones[0]!.number}: we will put it right and close your private links.`,
  ]);
}

/** What a family's note says of their correction to the names, the date or the flower. */
const CORRECTION: Record<"asked" | "applied" | "withdrawn" | "approved" | "declined", (name: string) => string[]> = {
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
};

/** To the address on file, about a correction to the memorial: sent, made, withdrawn, or decided by a volunteer. */
export function familyCorrectionMessage(site: SiteConfig, f: FamilyFlower, action: keyof typeof CORRECTION): MessageContent {
  const name = fullName(f);
  const byFamily = action === "asked" || action === "applied" || action === "withdrawn";
  return render(site, byFamily ? `A correction to ${name}'s memorial` : `Your correction to ${name}'s memorial`, [
    dear(f),
    ...CORRECTION[action](name),
    byFamily
      ? `If this was you, there is nothing more to do. If it was not you, please write to us at ${site.email} or call us at ${site.phones[0]!.number}: we will put it right and close your private links.`
      : `We keep your family in our prayers. ${contactLine(site)}`,
  ]);
}

/**
 * One family's copy of the monthly update a volunteer wrote: their greeting,
 * the update's paragraphs, and why they receive it with the link that stops
 * it (the same as the List-Unsubscribe header the message carries).
 */
export function monthlyUpdateMessage(
  site: SiteConfig,
  update: { subject: string; text: string },
  f: { parentName: string | null },
  unsubscribe: string,
): MessageContent {
  const paragraphs = update.text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return render(
    site,
    update.subject,
    [
      dear(f),
      ...paragraphs,
      `With warm regards,\n${site.organisationName}`,
      'You receive our monthly updates because you asked for them with your baby\'s memorial flower. To stop them, press "Unsubscribe" in your mail program, or open this link:',
      { link: unsubscribe, label: "Stop the monthly updates" },
    ],
    false,
  );
}

/** To the person who shared a testimonial, when it is posted. */
export function testimonialApprovedMessage(site: SiteConfig, publicUrl: string, t: { firstName: string }): MessageContent {
  return render(site, "Your story is now shared on our website", [
    `Dear ${t.firstName.trim()},`,
    "Thank you for trusting us with your story. It is now posted on our website, where it can bring comfort to other families walking a similar road:",
    { link: `${publicUrl}/share-testimonial` },
    `We are grateful for your courage and keep you in our prayers. ${contactLine(site)}`,
  ]);
}

/** To the team, at once, for every request for help. */
export function assistanceRequestMessage(
  site: SiteConfig,
  r: { firstName: string; lastName: string; email: string; phoneNumber: string; comments: string; receivedAt: string },
): MessageContent {
  const name = `${r.firstName.trim()} ${r.lastName.trim()}`;
  return render(
    site,
    `Request for help from ${name}: please answer within the hour`,
    [
      `A request for help has just come in through the website. We promise an answer within the hour, so please call or write back now.`,
      {
        rows: [
          ["Name", name],
          ["Email", r.email],
          ["Phone", r.phoneNumber],
          ["Received", r.receivedAt],
          ["Comments", r.comments],
        ],
      },
      "Replying to this email answers the person directly.",
      `${site.organisationName}, website`,
    ],
    false,
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
    site,
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
    false,
  );
}
