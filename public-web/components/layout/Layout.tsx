import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { useLocale, useT } from "../../lib/i18n";
import { languageOffered, useSite } from "../../lib/site";
import { documentTitle, routeFor } from "../../routes";
import { Spinner } from "../ui/Spinner";
import { Toaster } from "../ui/Toaster";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { SkipLink } from "./SkipLink";
import { suggestedLanguage } from "./languageChoice";

/**
 * Every page's frame: skip link, fixed header, main landmark, footer and the
 * one notification region. On client navigation it updates the title and
 * description and moves to the top (or to the #anchor).
 */
export function Layout() {
  const site = useSite();
  const { pathname, hash } = useLocation();
  const t = useT();
  const locale = useLocale();

  // "Ver en español" (or "View in English"), where there is reason to offer it: its code and styles
  // load once the page runs, and only then.
  const [suggestion, setSuggestion] = useState<ReactNode>(null);
  useEffect(() => {
    const suggested = suggestedLanguage(locale, navigator.languages ?? [navigator.language]);
    if (!suggested || !languageOffered(site, suggested)) return;
    void import("./LanguageSuggestion").then(({ suggestionFor }) => setSuggestion(suggestionFor(locale)));
  }, [locale, site]);

  useEffect(() => {
    // Marks the page as interactive (tests wait for it; nothing styles it).
    document.documentElement.dataset.hydrated = "1";
  }, []);

  useEffect(() => {
    const route = routeFor(pathname);
    if (route.ownTitle) return;
    document.title = documentTitle(route, site.shortName, t);
    document.querySelector('meta[name="description"]')?.setAttribute("content", t(route.description));
  }, [pathname, site.shortName, t]);

  // After a client navigation: to the #anchor, else to the top. Not on the first render, where the
  // browser has already placed the page (a reader may have scrolled while the script loaded).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!hash) {
      window.scrollTo(0, 0);
      return focusHeading();
    }
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [pathname, hash]);

  return (
    <>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toaster />
      {suggestion}
    </>
  );
}

/**
 * After moving to another page, focus goes to its heading, so a screen reader
 * reads the new page's name and the next Tab starts in its content. The page's
 * module may still be loading: look again on the next frames, for a while.
 */
function focusHeading(): () => void {
  let frame = 0;
  let tries = 0;
  const look = () => {
    const heading = document.querySelector<HTMLElement>("main h1");
    if (heading) {
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
      return;
    }
    if (++tries < 120) frame = requestAnimationFrame(look);
  };
  frame = requestAnimationFrame(look);
  return () => cancelAnimationFrame(frame);
}
