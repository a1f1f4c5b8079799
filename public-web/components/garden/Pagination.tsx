import { memo } from "react";
import type { GardenQuery } from "../../../shared/garden";
import { sampledDots, wrapPage } from "../../lib/garden";
import { GardenLink } from "./GardenLink";
import { useT } from "../../lib/i18n";

interface PaginationProps {
  query: GardenQuery;
  /** 1-based page shown, and the number of pages. */
  page: number;
  pages: number;
  onGo(to: Partial<GardenQuery>): void;
  /** Tells the two navigations (above and below the results) apart for screen readers. */
  label: string;
}

/**
 * Results paging as links: Previous/Next wrap around; at most seven sampled dots. The steps are words
 * without arrows: the garden's first view (two of these and the meanings carousel) must arrive in TCP's first
 * round trip, and the arrows cost it about a hundred bytes.
 */
export const Pagination = memo(function Pagination({ query, page, pages, onGo, label }: PaginationProps) {
  const t = useT();
  if (pages <= 1) return null;
  const to = (p: number) => ({ ...query, page: p });
  return (
    <nav className="pager pager--results" aria-label={label}>
      <GardenLink to={to(wrapPage(page - 1, -1, pages) + 1)} onGo={onGo} className="btn btn--outline pager__step" label={t("Previous page")}>
        {t("Previous")}
      </GardenLink>
      <ul className="page-dots">
        {sampledDots(pages).map((p) => (
          <li key={p}>
            <GardenLink
              to={to(p + 1)}
              onGo={onGo}
              className="page-dots__dot"
              current={p + 1 === page}
              label={t("Page {page} of {pages}", { page: p + 1, pages })}
            />
          </li>
        ))}
      </ul>
      <span className="pager__status">{t("Page {page} of {pages}", { page, pages })}</span>
      <GardenLink to={to(wrapPage(page - 1, 1, pages) + 1)} onGo={onGo} className="btn btn--outline pager__step" label={t("Next page")}>
        {t("Next")}
      </GardenLink>
    </nav>
  );
});
