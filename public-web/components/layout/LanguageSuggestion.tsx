import { useState, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import type { Locale } from "../../../shared/i18n/locale";
import { pathInLocale, pathWithoutLocale } from "../../../shared/i18n/paths";
import { rememberLanguage, suggestedLanguage, suggestionShown } from "./languageChoice";
import "./languageSuggestion.css";

/** The suggestion's words are in the language it suggests. */
const WORDS: Record<Locale, { see: string; no: string; label: string }> = {
  en: { see: "View this page in English", no: "No, thank you", label: "Language" },
  es: { see: "Ver esta página en español", no: "No, gracias", label: "Idioma" },
};

/** The suggestion for a page in `locale`, or null: shown once the page runs, never in the server's HTML. */
export function suggestionFor(locale: Locale): ReactNode {
  const suggested = suggestedLanguage(locale, navigator.languages ?? [navigator.language]);
  if (!suggested) return null;
  suggestionShown();
  return <LanguageSuggestion suggested={suggested} current={locale} />;
}

/**
 * "Ver en español": a note at the foot of the window (it moves nothing on the page) offering the other
 * language. Loaded only when there is something to suggest (see Layout), after hydration, so the page
 * the server renders is the same for everyone; it never redirects.
 */
function LanguageSuggestion({ suggested, current }: { suggested: Locale; current: Locale }) {
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const words = WORDS[suggested];
  const close = (choice: Locale) => {
    rememberLanguage(choice);
    setOpen(false);
  };
  return (
    <aside className="language-suggestion" lang={suggested} aria-label={words.label}>
      <a
        href={pathInLocale(pathname + search, suggested)}
        hrefLang={suggested}
        onClick={(e) => {
          e.currentTarget.href = pathInLocale(pathWithoutLocale(window.location.pathname) + window.location.search, suggested);
          close(suggested);
        }}
      >
        {words.see}
      </a>
      <button type="button" className="btn btn--outline" onClick={() => close(current)}>
        {words.no}
      </button>
    </aside>
  );
}
