import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { localeBase, localeOfPath, pathWithoutLocale } from "../shared/i18n/paths";
import { translate, type Catalog } from "../shared/i18n/translate";
import { pageSiteConfig, type SiteConfig } from "../shared/schemas/site";
import type { PageData } from "../shared/visitorForms";
import { App, preloadRoute } from "./App";
import { seedQueries } from "./lib/queries";
import { NOT_FOUND_ROUTE, ROUTES, documentTitle, routeFor } from "./routes";

/** What the server puts into index.html for one address. */
export interface RenderResult {
  html: string;
  status: 200 | 404;
  title: string;
  description: string;
  /** The admin area renders in the browser only. */
  clientOnly: boolean;
  /** The page module's source path (its key in Vite's build manifest). */
  source: string;
  /** The page shows the site configuration's lists, so it is sent with them. */
  siteLists: boolean;
}

/** Loads every public page module (once), so renderToString never meets a pending page. */
export async function preloadAll(): Promise<void> {
  await Promise.all(ROUTES.filter((r) => !r.clientOnly).map(preloadRoute));
}

/** True for an address of the route table, in any language (anything else renders the not-found page). */
export function isKnownPath(pathname: string): boolean {
  return routeFor(pathWithoutLocale(pathname)) !== NOT_FOUND_ROUTE;
}

/**
 * Renders the page at `url` (path and query) in its address's language, with that language's catalog,
 * the given site configuration, the API answers it shows, and, for one request, a form's answer.
 */
export async function render(
  url: string,
  site: SiteConfig,
  queries: Record<string, unknown> = {},
  form?: PageData,
  catalog: Catalog = {},
): Promise<RenderResult> {
  const pathname = new URL(url, "http://localhost").pathname;
  const locale = localeOfPath(pathname);
  const t = (id: string) => translate(locale, catalog, id);
  const route = routeFor(pathWithoutLocale(pathname));
  const meta = {
    status: route === NOT_FOUND_ROUTE ? (404 as const) : (200 as const),
    title: documentTitle(route, site.shortName, t),
    description: t(route.description),
    clientOnly: Boolean(route.clientOnly),
    source: route.source,
    siteLists: Boolean(route.siteLists),
  };
  if (route.clientOnly) return { html: "", ...meta };
  await preloadRoute(route);
  // Seeding and rendering happen in one synchronous step: no other render can interleave.
  seedQueries(queries);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url} basename={localeBase(locale)}>
        <App site={pageSiteConfig(site, true, locale)} i18n={{ locale, catalog }} data={form} />
      </StaticRouter>
    </StrictMode>,
  );
  return { html, ...meta };
}
