import { sampledDots, wrapPage } from "../../lib/garden";
import { PageDots } from "./PageDots";

interface PaginationProps {
  page: number;
  pages: number;
  onChange(page: number): void;
  /** Tells the two navigations (above and below the results) apart for screen readers. */
  label: string;
  controls?: string;
}

/** Results paging: Previous/Next wrap around; at most seven sampled dots (SPEC §2, §9). */
export function Pagination({ page, pages, onChange, label, controls }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav className="pager pager--results" aria-label={label}>
      <button type="button" className="btn btn--outline pager__step" aria-controls={controls} onClick={() => onChange(wrapPage(page, -1, pages))}>
        Previous<span className="visually-hidden"> page</span>
      </button>
      <PageDots pages={sampledDots(pages)} total={pages} current={page} onSelect={onChange} controls={controls} />
      <span className="pager__status">
        Page {page + 1} of {pages}
      </span>
      <button type="button" className="btn btn--outline pager__step" aria-controls={controls} onClick={() => onChange(wrapPage(page, 1, pages))}>
        Next<span className="visually-hidden"> page</span>
      </button>
    </nav>
  );
}
