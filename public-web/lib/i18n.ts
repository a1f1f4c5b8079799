import { Fragment, createContext, createElement, useCallback, useContext, type ReactNode } from "react";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locale";
import { translate, type Catalog, type MessageValues } from "../../shared/i18n/translate";

export { msg } from "../../shared/i18n/translate";

/**
 * The page's language and its catalog. The server renders a page in its address's language and names
 * that language's catalog in the page's head: a JSON file of its own, preloaded beside the scripts and
 * cached for a year (public-server/lib/catalogs.ts). The browser reads it before hydrating, so the
 * first render matches the HTML. English pages name none: the code's sentences are the English.
 */
export interface I18n {
  locale: Locale;
  catalog: Catalog;
}

export const I18nContext = createContext<I18n>({ locale: DEFAULT_LOCALE, catalog: {} });

export const useLocale = (): Locale => useContext(I18nContext).locale;

export type Translate = (id: string, values?: MessageValues) => string;

/** The page's `t`: an English sentence (and its values) in the page's language. */
export function useT(): Translate {
  const { locale, catalog } = useContext(I18nContext);
  return useCallback((id, values) => translate(locale, catalog, id, values), [locale, catalog]);
}

/**
 * The catalog the server named in the page (none for English). The fetch is the one the head's
 * preload started. It fails only when the network does: the caller then leaves the page as the server
 * wrote it, readable and its forms working, rather than draw it again in the wrong language.
 */
export async function loadCatalog(): Promise<Catalog> {
  const link = document.getElementById("catalog");
  if (!(link instanceof HTMLLinkElement)) return {};
  const response = await fetch(link.href);
  if (!response.ok) throw new Error(`The page's translations could not be loaded (${response.status}).`);
  return (await response.json()) as Catalog;
}

/**
 * A translated sentence with elements in it (a link, a strong word): the sentence's `{phones}` is
 * replaced by `nodes.phones`, wherever the translator moved it.
 */
export function rich(text: string, nodes: Record<string, ReactNode>): ReactNode[] {
  return text.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name && name in nodes ? createElement(Fragment, { key: i }, nodes[name]) : part;
  });
}
