import { createContext, useContext, useEffect, useState } from "react";
import type { Locale } from "../../shared/i18n/locale";
import type { PageSiteConfig, SiteConfig, SiteLists } from "../../shared/schemas/site";
import { useLocale } from "./i18n";

/**
 * The site configuration (data/site.json, phones, email, address,
 * donation URL, leaders, resource links). The server renders it into the
 * page as a JSON block; on the client it is read once from there. Pages
 * that do not show the leaders or the resource links are sent without them
 * (see pageSiteConfig); useSiteLists has them.
 */
export const SiteContext = createContext<PageSiteConfig | null>(null);

/** The site configuration; every page reads contact details from here, never hard-coded. */
export function useSite(): PageSiteConfig {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite needs a SiteContext provider");
  return site;
}

/** Whether the team offers the site in `locale` (site.json's `languages`; a page is told only when one is off). */
export const languageOffered = ({ languages }: PageSiteConfig, locale: Locale): boolean => !languages || languages.includes(locale);

export const useLanguageOn = (locale: Locale): boolean => languageOffered(useSite(), locale);

async function fetchSiteConfig(locale: Locale): Promise<SiteConfig> {
  const res = await fetch(`/api/site?lang=${locale}`, { credentials: "include", headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`GET /api/site answered ${res.status}`);
  return (await res.json()) as SiteConfig;
}

/** Reads the configuration the server embedded, or asks the API (development server, old shells). */
export async function loadSiteConfig(locale: Locale): Promise<PageSiteConfig> {
  const block = typeof document !== "undefined" ? document.getElementById("site-config") : null;
  if (block?.textContent) {
    try {
      return JSON.parse(block.textContent) as PageSiteConfig;
    } catch {
      // fall through to the API
    }
  }
  return fetchSiteConfig(locale);
}

/** The whole configuration in the page's language, asked for once by the first page that needs its lists. */
let wholeConfig: Promise<SiteConfig> | undefined;

/**
 * The configuration's lists, for the pages that show them. Opened directly, such a page has them in
 * its configuration; arrived at from another page, it asks for them once: `lists` is null until they
 * come, and `failed` says they could not be had (the next visit to such a page asks again).
 */
export function useSiteLists(): { lists: SiteLists | null; failed: boolean } {
  const site = useSite();
  const locale = useLocale();
  const inPage = site.leaders && site.resources ? { leaders: site.leaders, resources: site.resources } : null;
  const [fetched, setFetched] = useState<SiteLists | null>(null);
  const [failed, setFailed] = useState(false);
  const missing = inPage === null;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    // The page's language never changes without a new page (the language link is a plain link).
    (wholeConfig ??= fetchSiteConfig(locale)).then(
      (whole) => live && setFetched(whole),
      () => {
        wholeConfig = undefined;
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [missing, locale]);
  return { lists: inPage ?? fetched, failed };
}

/** "tel:" address of a phone number as written for people. */
export const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, "")}`;
