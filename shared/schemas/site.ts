import { z } from "./zod";
import type { Locale } from "../i18n/locale";
import { daysInMonth, isTimeZone } from "../remembrance";

const link = z.object({
  label: z.string().min(1),
  url: z.url({ protocol: /^https?$/ }),
  description: z.string().optional(),
});

/** A text the team writes in each language the site offers: English always; another language falls back to it until written. */
export const LocalizedText = z.object({ en: z.string().min(1), es: z.string().min(1).optional() });
export type LocalizedText = z.infer<typeof LocalizedText>;
export const textIn = (text: LocalizedText, locale: Locale): string => text[locale] ?? text.en;

/**
 * The gentle remembrance notes: the remembrance days the team offers besides
 * a family's own dates, and the words of each note ({baby} is the baby's
 * name, {day} the remembrance day's). Without this section the notes are not
 * offered at all.
 */
const RemembranceNotes = z.object({
  days: z
    .array(
      z
        .object({
          id: z.string().regex(/^[a-z0-9-]{1,60}$/, "A remembrance day's id is lower-case letters, digits and hyphens"),
          month: z.number().int().min(1).max(12),
          day: z.number().int().min(1).max(31),
          name: LocalizedText,
        })
        .refine((d) => d.day <= daysInMonth(d.month), "A remembrance day must be a date that exists, such as 15 October"),
    )
    .max(12)
    .default([]),
  subject: LocalizedText,
  anniversary: LocalizedText,
  due: LocalizedText,
  day: LocalizedText,
  prayer: LocalizedText,
});
export type RemembranceNotesConfig = z.infer<typeof RemembranceNotes>;

/**
 * The site configuration (data/site.json): everything a team changes without
 * a rebuild. The defaults in the repository are plainly fictional.
 */
export const SiteConfig = z.object({
  organisationName: z.string().min(1),
  shortName: z.string().min(1),
  tagline: z.string().default(""),
  phones: z.array(z.object({ label: z.string().min(1), number: z.string().min(1) })).min(1, "At least one phone number is needed"),
  email: z.email(),
  mailingAddress: z.array(z.string().min(1)).min(1),
  location: z.string().default(""),
  donationUrl: z.url({ protocol: /^https$/ }),
  /** Where the "Remember Your Baby" section points for an outside memorial. */
  externalMemorialUrl: link.optional(),
  leaders: z
    .array(
      z.object({
        name: z.string().min(1),
        role: z.string().min(1),
        emails: z.array(z.email()).default([]),
        bio: z.string().default(""),
        /** Path under the site (e.g. /images/leader.svg) or empty for initials. */
        photo: z.string().default(""),
      }),
    )
    .default([]),
  /**
   * The Support & Resources page's outside links, by section title.
   * Only real, well-known organisations: the page shows what is listed here.
   */
  resources: z.array(z.object({ section: z.string().min(1), intro: z.string().optional(), links: z.array(link) })).default([]),
  websiteCredit: z.object({ label: z.string(), url: z.url().optional() }).optional(),
  eDocumentUrl: z.url().optional(),
  /** The public address of the site (e.g. https://www.example.org), for canonical links; never taken from a request. */
  siteUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** The organisation's time zone (an IANA name such as America/Chicago): the team's emails stamp times in it, whatever the server's. */
  timeZone: z.string().refine(isTimeZone, "timeZone must be a time zone name such as America/Chicago or Europe/Dublin.").optional(),
  /**
   * Days a request for help is kept. Not read from site.json: the server puts
   * its ASSISTANCE_RETENTION_DAYS here, so the Privacy page states what the
   * deletion job really does.
   */
  assistanceRetentionDays: z.number().int().positive().optional(),
  /**
   * Families chose to publish in the garden, not in search engines: memorial pages and
   * searched garden views carry "noindex" unless this is true.
   */
  allowMemorialIndexing: z.boolean().default(false),
  /**
   * The rendering of Jeremiah 1:5 above the garden: "douay-rheims" ("in the bowels of thy mother")
   * or "nabre", the New American Bible, Revised Edition, the translation of the bishops of the
   * United States ("in the womb"), which some families find gentler.
   */
  gardenVerse: z.enum(["douay-rheims", "nabre"]).default("douay-rheims"),
  remembranceNotes: RemembranceNotes.optional(),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

/** The lists of the configuration that only some pages show: the leaders and the resource links. */
export type SiteLists = Pick<SiteConfig, "leaders" | "resources">;

/**
 * The configuration as a page carries it: the pages that do not show the lists are sent without them
 * (about 1.5 KB of each page's compressed HTML, which the first paint waits for), and a page that shows
 * them asks for the whole configuration when it arrives without them. The remembrance notes' words
 * are for the emails only: a page gets the days the team offers.
 */
export type PageSiteConfig = Omit<SiteConfig, keyof SiteLists | "remembranceNotes"> &
  Partial<SiteLists> & { remembranceNotes?: Pick<RemembranceNotesConfig, "days"> };

/** The configuration a page is sent with: without the lists unless it shows them. */
export function pageSiteConfig(site: SiteConfig, withLists: boolean): PageSiteConfig {
  const { leaders, resources, remembranceNotes, ...rest } = site;
  const notes = remembranceNotes ? { remembranceNotes: { days: remembranceNotes.days } } : {};
  return withLists ? { ...rest, leaders, resources, ...notes } : { ...rest, ...notes };
}
