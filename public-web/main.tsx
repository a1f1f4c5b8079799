import "./styles/global.css";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { localeBase, localeOfPath, pathWithoutLocale } from "../shared/i18n/paths";
import { App, preloadRoute } from "./App";
import { loadCatalog } from "./lib/i18n";
import { readPageData } from "./lib/pageData";
import { seedQueries } from "./lib/queries";
import { loadSiteConfig } from "./lib/site";
import { routeFor } from "./routes";

/**
 * Client entry. Server-rendered pages (marked data-ssr on #root) are
 * hydrated once the current route's module has loaded, so the first client
 * render matches the HTML; the admin shell renders from scratch.
 */
async function start(): Promise<void> {
  const container = document.getElementById("root")!;
  // The API answers the server rendered this page with: the first render matches the HTML without a fetch.
  const queryData = document.getElementById("query-data")?.textContent;
  if (queryData) seedQueries(JSON.parse(queryData) as Record<string, unknown>);
  const { pathname } = window.location;
  // The page's language comes from its address, its catalog from the file the page names: both before hydration.
  const locale = localeOfPath(pathname);
  const [site, catalog] = await Promise.all([
    loadSiteConfig(locale),
    loadCatalog().catch((error: unknown) => {
      console.warn(error);
      return undefined;
    }),
    preloadRoute(routeFor(pathWithoutLocale(pathname))),
  ]);
  // Without its words a server-rendered page would be drawn again in English: it stays as the server wrote it.
  if (!catalog && container.dataset.ssr === "1") return;
  const app = (
    <StrictMode>
      <BrowserRouter basename={localeBase(locale)}>
        <App site={site} i18n={{ locale, catalog: catalog ?? {} }} data={readPageData()} />
      </BrowserRouter>
    </StrictMode>
  );
  // Hydration as a transition: React does it in slices of a few milliseconds and lets the browser answer
  // the person in between, instead of one long task on a slow phone (the page is already readable).
  if (container.dataset.ssr === "1") startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
