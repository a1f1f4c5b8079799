import { isLocale, type Locale } from "../../../shared/i18n/locale";

/**
 * The visitor's language, remembered in the browser only: the server renders each address in its own
 * language whoever asks, so pages stay cached by address and nothing redirects.
 */
const CHOSEN = "garden-language";
/** Set once the browser's languages have suggested the other language: they suggest it only once. */
const SUGGESTED = "garden-language-suggested";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused (private modes, blocked cookies): nothing is remembered
  }
}

export function rememberLanguage(locale: Locale): void {
  storage()?.setItem(CHOSEN, locale);
}

/**
 * The language to suggest on a page in `locale`, if any: the one the visitor chose before, else (once)
 * the first of the browser's languages that the site speaks.
 */
export function suggestedLanguage(locale: Locale, languages: readonly string[]): Locale | null {
  const store = storage();
  const chosen = store?.getItem(CHOSEN);
  if (isLocale(chosen)) return chosen === locale ? null : chosen;
  if (!store || store.getItem(SUGGESTED)) return null;
  const preferred = languages.map((l) => l.slice(0, 2).toLowerCase()).find(isLocale);
  return preferred && preferred !== locale ? preferred : null;
}

/** The suggestion was shown: the browser's languages will not suggest again. */
export function suggestionShown(): void {
  storage()?.setItem(SUGGESTED, "1");
}
