import { formatCount } from "../../../shared/numbers";

interface AdminPagerProps {
  /** The list's name, so each pager's buttons say which list they page. */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}

/** Previous and Next for one admin list, with where you are ("41–60 of 100,000"); nothing when one page holds all. */
export function AdminPager({ label, page, pageSize, total, onPage }: AdminPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="admin-pager" aria-label={`${label}, pages`}>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label={`Previous page of ${label.toLowerCase()}`}
      >
        Previous
      </button>
      <span className="admin-pager__where" aria-live="polite">
        {formatCount(from)}–{formatCount(to)} of {formatCount(total)}
      </span>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
        aria-label={`Next page of ${label.toLowerCase()}`}
      >
        Next
      </button>
    </nav>
  );
}
