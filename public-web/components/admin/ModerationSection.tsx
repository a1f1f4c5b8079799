import { useLayoutEffect, useRef, type ReactNode } from "react";
import { Spinner } from "../ui/Spinner";
import { AdminPager } from "./AdminPager";

/** One page of one list as the tab loaded it. */
export interface ListPage<T> {
  items: readonly T[] | undefined;
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage(page: number): void;
}

interface ModerationSectionProps<T extends { id: number }> {
  /** Accessible noun for the regions, e.g. "testimonials". */
  noun: string;
  pending: ListPage<T>;
  approved: ListPage<T>;
  /** Shown when the lists could not be loaded. */
  error?: string;
  pendingEmpty: string;
  approvedEmpty: string;
  loadingLabel?: string;
  /** The item the last approve, decline or remove acted on: focus goes to the item that takes its place. */
  actedOn?: number | null;
  renderItem(item: T): ReactNode;
}

/**
 * Pending Approval and Approved lists of one kind, each one page
 * at a time from the server (searched and filtered there). After an item
 * leaves a list, focus moves to the item now in its place (or the one
 * before, or the list's heading), never dropping to the page.
 */
export function ModerationSection<T extends { id: number }>({
  noun,
  pending,
  approved,
  error,
  pendingEmpty,
  approvedEmpty,
  loadingLabel = "Loading...",
  actedOn,
  renderItem,
}: ModerationSectionProps<T>) {
  if ((pending.loading && !pending.items) || (approved.loading && !approved.items)) return <Spinner label={loadingLabel} />;
  if (error && !pending.items)
    return (
      <p className="admin-error" role="alert">
        {error}
      </p>
    );
  return (
    <div className="admin-sections">
      <ListSection title="Pending Approval" label={`Pending ${noun}`} list={pending} empty={pendingEmpty} actedOn={actedOn} renderItem={renderItem} />
      <ListSection title="Approved" label={`Approved ${noun}`} list={approved} empty={approvedEmpty} actedOn={actedOn} renderItem={renderItem} />
    </div>
  );
}

interface ListSectionProps<T extends { id: number }> {
  title: string;
  label: string;
  list: ListPage<T>;
  empty: string;
  actedOn?: number | null;
  renderItem(item: T): ReactNode;
}

function ListSection<T extends { id: number }>({ title, label, list, empty, actedOn, renderItem }: ListSectionProps<T>) {
  const items = list.items ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef<number[]>([]);

  // When the item acted on has left this list, focus its successor (or the list's heading when none is left).
  useLayoutEffect(() => {
    const before = shown.current;
    const ids = (list.items ?? []).map((i) => i.id);
    shown.current = ids;
    if (actedOn == null) return;
    const index = before.indexOf(actedOn);
    if (index < 0 || ids.includes(actedOn)) return;
    const active = document.activeElement;
    if (active && active !== document.body && document.body.contains(active) && !listRef.current?.contains(active)) return;
    const next = ids[Math.min(index, ids.length - 1)];
    const target = next === undefined ? headingRef.current : listRef.current?.querySelector<HTMLElement>(`[data-item-id="${next}"]`);
    target?.focus();
  }, [list.items, actedOn]);

  return (
    <section className="admin-section" aria-label={label}>
      <h3 ref={headingRef} className="admin-section__title" tabIndex={-1}>
        {title} ({list.total})
      </h3>
      {items.length === 0 ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        <ul ref={listRef} className="admin-list">
          {items.map((item) => (
            <li key={item.id}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      <AdminPager label={label} page={list.page} pageSize={list.pageSize} total={list.total} onPage={list.onPage} />
    </section>
  );
}
