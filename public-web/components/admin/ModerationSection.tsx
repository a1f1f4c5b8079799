import type { ReactNode } from "react";
import { Spinner } from "../ui/Spinner";

interface ModerationSectionProps<T extends { id: number; approved: boolean }> {
  /** Accessible noun for the approved region, e.g. "testimonials". */
  noun: string;
  items: readonly T[] | undefined;
  loading: boolean;
  /** Shown when the list could not be loaded. */
  error?: string;
  pendingEmpty: string;
  approvedEmpty: string;
  loadingLabel?: string;
  renderItem(item: T): ReactNode;
}

/**
 * Pending Approval and Approved lists of one kind (SPEC §2). The approved list
 * scrolls within a fixed height; it is a labelled, focusable region so it can
 * be scrolled from the keyboard.
 */
export function ModerationSection<T extends { id: number; approved: boolean }>({
  noun,
  items,
  loading,
  error,
  pendingEmpty,
  approvedEmpty,
  loadingLabel = "Loading...",
  renderItem,
}: ModerationSectionProps<T>) {
  if (loading && !items) return <Spinner label={loadingLabel} />;
  if (error && !items)
    return (
      <p className="admin-error" role="alert">
        {error}
      </p>
    );
  const pending = (items ?? []).filter((i) => !i.approved);
  const approved = (items ?? []).filter((i) => i.approved);
  return (
    <div className="admin-sections">
      <section className="admin-section" aria-label={`Pending ${noun}`}>
        <h3 className="admin-section__title">Pending Approval ({pending.length})</h3>
        {pending.length === 0 ? (
          <p className="admin-empty">{pendingEmpty}</p>
        ) : (
          <ul className="admin-list">
            {pending.map((item) => (
              <li key={item.id}>{renderItem(item)}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="admin-section" aria-label={`Approved ${noun}`}>
        <h3 className="admin-section__title">Approved ({approved.length})</h3>
        {approved.length === 0 ? (
          <p className="admin-empty">{approvedEmpty}</p>
        ) : (
          <div className="admin-scroll" role="region" aria-label={`Approved ${noun}, scrollable list`} tabIndex={0}>
            <ul className="admin-list">
              {approved.map((item) => (
                <li key={item.id}>{renderItem(item)}</li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </div>
  );
}
