import { use, useState, type ComponentType } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
import type { PageSiteConfig } from "../shared/schemas/site";
import type { PageData } from "../shared/visitorForms";
import { Layout } from "./components/layout/Layout";
import { I18nContext, type I18n } from "./lib/i18n";
import { PageDataContext } from "./lib/pageData";
import { SiteContext } from "./lib/site";
import { ROUTES, type RouteDef } from "./routes";

const loaded = new Map<RouteDef, ComponentType>();
const loading = new Map<RouteDef, Promise<ComponentType>>();

/**
 * Loads a route's page module once. Called before hydration (and before
 * server rendering) for the current address, so the first render finds the
 * page ready and matches the server's HTML.
 */
export function preloadRoute(route: RouteDef): Promise<ComponentType> {
  let promise = loading.get(route);
  if (!promise) {
    promise = route.load().then((m) => {
      loaded.set(route, m.default);
      return m.default;
    });
    loading.set(route, promise);
  }
  return promise;
}

/** Renders a route's page; suspends (the layout's Suspense shows a spinner) until its module arrives. */
function RoutePage({ route }: { route: RouteDef }) {
  const Page = loaded.get(route) ?? use(preloadRoute(route));
  return <Page />;
}

const NO_DATA: PageData = {};

/**
 * The whole site: the configuration, the page's language, the shared layout and one route per row of the
 * route table. A Spanish page's router has the base "/es", so every link stays in the page's language.
 */
export function App({ site, i18n, data = NO_DATA }: { site: PageSiteConfig; i18n: I18n; data?: PageData }) {
  // The server's page data (a form's answer) belongs to the first location only.
  const location = useLocation();
  const [firstKey] = useState(location.key);
  return (
    <SiteContext.Provider value={site}>
      <I18nContext.Provider value={i18n}>
        <PageDataContext.Provider value={location.key === firstKey ? data : NO_DATA}>
          <Routes>
            <Route element={<Layout />}>
              {ROUTES.map((route) => (
                <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
              ))}
            </Route>
          </Routes>
        </PageDataContext.Provider>
      </I18nContext.Provider>
    </SiteContext.Provider>
  );
}
