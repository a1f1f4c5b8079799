import { useT } from "../../lib/i18n";

interface PageDotsProps {
  /** Zero-based pages that get a dot (all of them, or a sample). */
  pages: number[];
  total: number;
  current: number;
  onSelect(page: number): void;
  controls?: string;
}

/** Page dots: one button per page, named "Page n of N", the current one marked. */
export function PageDots({ pages, total, current, onSelect, controls }: PageDotsProps) {
  const t = useT();
  return (
    <ul className="page-dots">
      {pages.map((page) => (
        <li key={page}>
          <button
            type="button"
            className="page-dots__dot"
            aria-label={t("Page {page} of {pages}", { page: page + 1, pages: total })}
            aria-current={page === current ? "true" : undefined}
            aria-controls={controls}
            onClick={() => onSelect(page)}
          />
        </li>
      ))}
    </ul>
  );
}
