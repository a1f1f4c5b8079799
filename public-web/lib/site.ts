import { createContext, useContext } from "react";
import type { SiteConfig } from "../../shared/schemas/site";

/**
 * The site configuration (data/site.json, phones, email, address,
 * donation URL, leaders, resource links). The server renders it into the
 * page as a JSON block; on the client it is read once from there.
 */
export const SiteContext = createContext<SiteConfig | null>(null);

/** The site configuration; every page reads contact details from here, never hard-coded. */
export function useSite(): SiteConfig {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite needs a SiteContext provider");
  return site;
}

/** Reads the configuration the server embedded, or asks the API (development server, old shells). */
export async function loadSiteConfig(): Promise<SiteConfig> {
  const block = typeof document !== "undefined" ? document.getElementById("site-config") : null;
  if (block?.textContent) {
    try {
      return JSON.parse(block.textContent) as SiteConfig;
    } catch {
      // fall through to the API
    }
  }
  const res = await fetch("/api/site", { credentials: "include", headers: { Accept: "application/json" } });
  return (await res.json()) as SiteConfig;
}

/** "tel:" address of a phone number as written for people. */
export const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, "")}`;
