import type { MouseEvent, ReactNode } from "react";
import type { Locale } from "../../../shared/i18n/locale";
import { GARDEN_PATH, gardenQueryString, type GardenQuery } from "../../../shared/garden";
import { pathInLocale } from "../../../shared/i18n/paths";
import { useLocale } from "../../lib/i18n";

/** Where the garden's links land without JavaScript: the results, not the top of the page. */
export const RESULTS_ANCHOR = "memorial-results";

/** A plain left click, which the page may handle in place; with a modifier key the browser opens a tab or a window. */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The address of a garden view in the page's language, as a plain link would carry it. */
function gardenHref(query: Partial<GardenQuery>, locale: Locale): string {
  return `${pathInLocale(GARDEN_PATH, locale)}${gardenQueryString(query)}#${RESULTS_ANCHOR}`;
}

interface GardenLinkProps {
  to: Partial<GardenQuery>;
  /** Called instead of loading the page when JavaScript runs (a plain click, no modifier keys). */
  onGo(to: Partial<GardenQuery>): void;
  className?: string;
  current?: boolean;
  label?: string;
  children?: ReactNode;
}

/**
 * A link to a garden view: without JavaScript the browser loads the address
 * (the server renders that view); with it the view changes in place and the
 * address follows. Opening it in a new tab works either way.
 */
export function GardenLink({ to, onGo, className, current, label, children }: GardenLinkProps) {
  const locale = useLocale();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    onGo(to);
  };
  return (
    <a href={gardenHref(to, locale)} className={className} aria-current={current ? "true" : undefined} aria-label={label} onClick={onClick}>
      {children}
    </a>
  );
}
