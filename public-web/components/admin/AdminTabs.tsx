import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { PendingBadge } from "./PendingBadge";

export interface AdminTab {
  id: string;
  label: string;
  /** Count shown as a red badge when above 0. */
  badge?: number;
  /** Word read after the count ("pending", "open"). */
  badgeLabel?: string;
}

interface AdminTabsProps {
  tabs: readonly AdminTab[];
  active: string;
  onChange(id: string): void;
  /** Accessible name of the tab list. */
  label: string;
  /** The active tab's panel. */
  children: ReactNode;
  idPrefix?: string;
}

/**
 * The ARIA tabs pattern: one tab stop for the list, arrow keys (and Home,
 * End) move between tabs and show each at once; the panel follows it.
 */
export function AdminTabs({ tabs, active, onChange, label, children, idPrefix = "admin" }: AdminTabsProps) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const tabId = (id: string) => `${idPrefix}-tab-${id}`;
  const panelId = (id: string) => `${idPrefix}-panel-${id}`;

  const move = (e: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((t) => t.id === active);
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[next]!;
    onChange(tab.id);
    refs.current[tab.id]?.focus();
  };

  return (
    <div className="admin-tabs">
      <div role="tablist" aria-label={label} className="admin-tabs__list">
        {tabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[tab.id] = el;
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              tabIndex={selected ? 0 : -1}
              className={`admin-tabs__tab ${selected ? "admin-tabs__tab--active" : ""}`}
              onClick={() => onChange(tab.id)}
              onKeyDown={move}
            >
              {tab.label}
              <PendingBadge count={tab.badge ?? 0} label={tab.badgeLabel} />
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId(active)} aria-labelledby={tabId(active)} tabIndex={0} className="admin-tabs__panel">
        {children}
      </div>
    </div>
  );
}
