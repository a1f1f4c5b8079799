import { z } from "./zod";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../i18n/locale";
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
const resources = z.array(z.object({ section: z.string().min(1), intro: z.string().optional(), links: z.array(link) }));

/**
 * The team's texts in another language than English (`translations.es`). What is not given here
 * (a proper name, the postal address) is shown as written above. The resource links are a list of
 * their own, so a language can point to pages written in it; a phone's label and a leader's role
 * and biography sit with the phone or the leader (their own `translations`), so removing or
 * reordering one never gives another its words.
 */
const SiteTexts = z.object({
  organisationName: z.string().min(1).optional(),
  shortName: z.string().min(1).optional(),
  tagline: z.string().optional(),
  mailingAddress: z.array(z.string().min(1)).min(1).optional(),
  location: z.string().optional(),
  externalMemorialUrl: link.optional(),
  resources: resources.optional(),
  websiteCredit: z.object({ label: z.string() }).optional(),
});

/** An item's own words in other languages, e.g. a phone's `"translations": { "es": { "label": "Línea principal" } }`. */
const itemTranslations = <T extends z.ZodType>(words: T) => z.partialRecord(z.enum(LOCALES), words).optional();

export const SiteConfig = z.object({
  organisationName: z.string().min(1),
  shortName: z.string().min(1),
  tagline: z.string().default(""),
  phones: z
    .array(z.object({ label: z.string().min(1), number: z.string().min(1), translations: itemTranslations(z.object({ label: z.string().min(1) })) }))
    .min(1, "At least one phone number is needed"),
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
        translations: itemTranslations(z.object({ role: z.string().min(1), bio: z.string().default("") })),
      }),
    )
    .default([]),
  /**
   * The Support & Resources page's outside links, by section title.
   * Only real, well-known organisations: the page shows what is listed here.
   */
  resources: resources.default([]),
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
  /**
   * The languages the site is offered in, e.g. ["en", "es"]. Take one out to turn it off: its
   * pages are no longer offered and emails link to the pages in English. Without this key, English only.
   */
  languages: z
    .array(z.enum(LOCALES, { error: `languages may hold only ${LOCALES.map((l) => `"${l}"`).join(", ")}` }))
    .min(1, "At least one language must be turned on")
    .refine((list) => new Set(list).size === list.length, "Each language is listed once")
    .default([DEFAULT_LOCALE]),
  /** The texts above in each other language (see SiteTexts); what a language lacks is shown in English (see untranslated). */
  translations: z.partialRecord(z.enum(LOCALES), SiteTexts).default({}),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

/**
 * What a language that is turned on lacks, as the paths to fill in ("translations.es.tagline",
 * "phones.1.translations.es.label"). It is shown in English meanwhile: an unfinished translation
 * never keeps a new phone number or address off the site; the server names what is missing in its log.
 */
export function untranslated(site: SiteConfig): string[] {
  const missing: string[] = [];
  for (const locale of site.languages) {
    if (locale === DEFAULT_LOCALE) continue;
    const texts = site.translations[locale];
    if (site.tagline && !texts?.tagline) missing.push(`translations.${locale}.tagline`);
    if (site.resources.length && !texts?.resources?.length) missing.push(`translations.${locale}.resources`);
    site.phones.forEach((phone, i) => phone.translations?.[locale] || missing.push(`phones.${i}.translations.${locale}.label`));
    site.leaders.forEach((leader, i) => leader.translations?.[locale] || missing.push(`leaders.${i}.translations.${locale}`));
  }
  return missing;
}

/**
 * The configuration with the team's texts in `locale`: what a page, an email or a preview in that
 * language shows. Without the translations block (a page carries only its own language's texts).
 */
export function siteFor(site: SiteConfig, locale: Locale): SiteConfig {
  const { translations, ...base } = site;
  const t = (locale === DEFAULT_LOCALE ? undefined : translations[locale]) ?? {};
  return {
    ...base,
    organisationName: t.organisationName ?? base.organisationName,
    shortName: t.shortName ?? base.shortName,
    tagline: t.tagline ?? base.tagline,
    phones: base.phones.map(({ translations: words, ...phone }) => ({ ...phone, label: words?.[locale]?.label ?? phone.label })),
    mailingAddress: t.mailingAddress ?? base.mailingAddress,
    location: t.location ?? base.location,
    externalMemorialUrl: t.externalMemorialUrl ?? base.externalMemorialUrl,
    leaders: base.leaders.map(({ translations: words, ...leader }) => ({ ...leader, ...words?.[locale] })),
    resources: t.resources ?? base.resources,
    websiteCredit: base.websiteCredit && { ...base.websiteCredit, label: t.websiteCredit?.label ?? base.websiteCredit.label },
    translations: {},
  };
}

/** The lists of the configuration that only some pages show: the leaders and the resource links. */
export type SiteLists = Pick<SiteConfig, "leaders" | "resources">;

/**
 * The configuration as a page carries it: the pages that do not show the lists are sent without them
 * (about 1.5 KB of each page's compressed HTML, which the first paint waits for), and a page that shows
 * them asks for the whole configuration when it arrives without them. The remembrance notes' words
 * are for the emails only: a page gets the days the team offers.
 */
export type PageSiteConfig = Omit<SiteConfig, keyof SiteLists | "remembranceNotes" | "translations" | "languages"> &
  Partial<SiteLists> & {
    /** The days' names in the page's language (as a page carries them), or in each language (as /api/site answers). */
    remembranceNotes?: { days: (Omit<RemembranceNotesConfig["days"][number], "name"> & { name: string | LocalizedText })[] };
    /** The languages turned on, sent only when one is off (the usual page carries nothing for it): the pages then offer no link to it. */
    languages?: Locale[];
  };

/** The configuration a page is sent with: without the lists unless it shows them, and never the other languages' texts (see siteFor). */
export function pageSiteConfig(site: SiteConfig, withLists: boolean, locale: Locale = DEFAULT_LOCALE): PageSiteConfig {
  // The default language's siteFor only strips the translations: a configuration already in another language stays in it.
  const { translations: _translations, languages, remembranceNotes, ...all } = siteFor(site, DEFAULT_LOCALE);
  // The days' names in the page's language only: every byte of the garden's first view counts.
  const notes = remembranceNotes ? { remembranceNotes: { days: remembranceNotes.days.map((d) => ({ ...d, name: textIn(d.name, locale) })) } } : {};
  const off = languages.length < LOCALES.length ? { languages } : {};
  if (withLists) return { ...all, ...notes, ...off };
  const { leaders: _leaders, resources: _resources, ...rest } = all;
  return { ...rest, ...notes, ...off };
}
