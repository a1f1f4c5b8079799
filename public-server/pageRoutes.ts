import type { Services } from "./context";
import { GARDEN_PATH, gardenQueryFrom, gardenQueryString, memorialIdFrom, memorialSegment } from "../shared/garden";
import type { Locale } from "../shared/i18n/locale";
import { localeBase, localeOfPath, pathInLocale, pathWithoutLocale, withoutTrailingSlash } from "../shared/i18n/paths";
import type { PageDataName } from "../shared/staleData";
import { gardenViewData, memorialPageData, type PageData } from "./garden/pages";

/** A page's address as the routes read it. */
export interface PageAddress {
  /** The path with its language's prefix and without a trailing slash ("/about-us/" and "/about-us" are one page). */
  path: string;
  locale: Locale;
  /** `path` without its language's prefix. */
  bare: string;
  /** The query as sent, without its "?". */
  search: string;
}

export function pageAddress(pathname: string, search: string): PageAddress {
  const path = withoutTrailingSlash(pathname);
  return { path, locale: localeOfPath(path), bare: pathWithoutLocale(path), search };
}

/** One address's page as its route declares it: where it is kept, and what is read when it is not. */
interface PageMatch {
  /** Tells the page from the data's others: the address as the page reads it. A page that reads nothing is rendered from its key. */
  key: string;
  /** Where the page is kept when what the address names is not there (status 404): one per memorial id, whatever the words after it. */
  missingKey?: string;
  /** The address search engines are told, when not the address itself (a garden view keeps its view). */
  canonical?: string;
  /** What the page shows, read on the read-only connection; called only after the page cache missed. */
  read?(s: Services): Promise<PageData>;
}

interface PageRoute {
  /** The data its pages show (shared/staleData.ts): they are cached under that data's prefix, so the writes that change it drop them. */
  data: PageDataName;
  /** This route's page at `address`, or null when the address is another route's. `known` tells the site's own addresses. */
  match(address: PageAddress, known: (path: string) => boolean): PageMatch | null;
}

/** The not-found page's key in a language: one page for every unknown address. */
export const notFoundKey = (locale: Locale) => `${localeBase(locale)}/\0not-found`;

/**
 * The site's pages, in the order they are tried: each names the data it shows and its key among that
 * data's pages, worked out from the address alone, so a page already rendered is found before anything
 * is read (PageRenderer.cached) and a new one is filed under the same key once read (PageRenderer.page).
 */
const PAGE_ROUTES = {
  /** The garden's views: one page per view, whatever the query's spelling (its order, case, a page past the last). */
  garden: {
    data: "gardenPages",
    match: ({ bare, locale, search }) => {
      if (bare !== GARDEN_PATH) return null;
      const query = gardenQueryFrom(search);
      const key = pathInLocale(`${GARDEN_PATH}${gardenQueryString(query)}`, locale);
      return { key, canonical: key, read: (s) => gardenViewData(s, query) };
    },
  },
  /**
   * A memorial page: kept under its own address (another spelling of it redirects there); one not in the
   * garden under its id, which every spelling of its address shares.
   */
  memorial: {
    data: "gardenPages",
    match: ({ path, bare, locale }) => {
      const segment = memorialSegment(bare);
      if (segment === null) return null;
      const id = memorialIdFrom(segment);
      return {
        key: path,
        missingKey: pathInLocale(`${GARDEN_PATH}/\0missing:${id ?? "none"}`, locale),
        read: (s) => memorialPageData(s, bare, id, locale),
      };
    },
  },
  /**
   * Every other page (home, about us, the forms…) shows site.json and the build only. Every unknown address
   * shows the same not-found page (one per language): random addresses can neither grow the cache nor cost a render each.
   */
  content: {
    data: "pages",
    match: ({ path, locale }, known) => ({ key: known(path) ? path : notFoundKey(locale) }),
  },
} as const satisfies Record<string, PageRoute>;

/** An address's page: its route's match, with the route's data. */
export interface Page extends PageMatch {
  data: PageDataName;
}

const ORDER = Object.values(PAGE_ROUTES) as readonly PageRoute[];

/** The page at `address`, from the first route that takes it (the last takes every address). */
export function pageAt(address: PageAddress, known: (path: string) => boolean): Page {
  for (const { data, match } of ORDER) {
    const found = match(address, known);
    if (found) return { ...found, data };
  }
  throw new Error(`No page route takes ${address.path}`);
}
