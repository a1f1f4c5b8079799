import { useLocation } from "react-router-dom";
import type { Locale } from "../../../shared/i18n/locale";
import { pathInLocale, pathWithoutLocale } from "../../../shared/i18n/paths";
import { useLocale } from "../../lib/i18n";
import { useLanguageOn } from "../../lib/site";
import { rememberLanguage } from "./languageChoice";

/** Each language's name in itself: the link to a language is written in that language. */
const NAMES: Record<Locale, string> = { en: "English", es: "Español" };

/** The other language of the two. */
export const otherLocale = (locale: Locale): Locale => (locale === "en" ? "es" : "en");

/**
 * The same page in the other language. A plain link (the other language's catalog comes with its page);
 * the garden's view is kept: its filters change the address without the router, so the address is read
 * again as the link is followed. Following it remembers the choice (see LanguageSuggestion). None when
 * the team has the other language turned off; `listItem` wraps it in its list's <li>, so no empty item is left.
 */
export function LanguageLink({ className, listItem = false }: { className?: string; listItem?: boolean }) {
  const { pathname, search } = useLocation();
  const other = otherLocale(useLocale());
  if (!useLanguageOn(other)) return null;
  const link = (
    <a
      href={pathInLocale(pathname + search, other)}
      hrefLang={other}
      lang={other}
      className={className}
      onClick={(e) => {
        e.currentTarget.href = pathInLocale(pathWithoutLocale(window.location.pathname) + window.location.search, other);
        rememberLanguage(other);
      }}
    >
      {NAMES[other]}
    </a>
  );
  return listItem ? <li>{link}</li> : link;
}
