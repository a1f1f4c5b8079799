import { useId } from "react";
import type { AdminAssistanceDto } from "../../../shared/schemas/adminTools";
import { formatDateTime } from "../../../shared/dates";

interface AssistanceListProps {
  items: readonly AdminAssistanceDto[];
  busyId?: number | null;
  onToggleHandled(item: AdminAssistanceDto): void;
}

/** Assistance requests, newest first: tap to call or write, and a handled mark with who and when. */
export function AssistanceList({ items, busyId, onToggleHandled }: AssistanceListProps) {
  if (items.length === 0) return <p className="admin-empty">No assistance requests yet.</p>;
  return (
    <ul className="admin-list">
      {items.map((item) => (
        <li key={item.id}>
          <AssistanceCard item={item} busy={busyId === item.id} onToggleHandled={() => onToggleHandled(item)} />
        </li>
      ))}
    </ul>
  );
}

function AssistanceCard({ item, busy, onToggleHandled }: { item: AdminAssistanceDto; busy: boolean; onToggleHandled(): void }) {
  const headingId = useId();
  const tel = item.phoneNumber.replace(/[^\d+]/g, "");
  return (
    <article className={`admin-card ${item.handled ? "admin-card--done" : "admin-card--open"}`} aria-labelledby={headingId}>
      <header className="admin-card__header">
        {/* Under the tab's h2: the cards are the next level down (axe: heading order). */}
        <h3 id={headingId} className="admin-card__title">
          {item.firstName} {item.lastName}
        </h3>
        <span className="admin-card__date">Received {formatDateTime(item.createdAt)}</span>
      </header>
      <p className="admin-contact">
        <a href={`tel:${tel}`}>Call {item.phoneNumber}</a>
        <a href={`mailto:${item.email}`}>Email {item.email}</a>
      </p>
      <p className="admin-card__text">{item.comments}</p>
      <p className={item.handled ? "admin-handled" : "admin-open"}>
        {item.handled ? `Handled by ${item.handledBy ?? "someone"} on ${formatDateTime(item.handledAt)}` : "Not handled yet"}
      </p>
      <div className="admin-actions">
        <button type="button" className={`btn ${item.handled ? "btn--secondary" : "btn--primary"}`} onClick={onToggleHandled} disabled={busy}>
          {item.handled ? "Mark as not handled" : "Mark as handled"}
        </button>
      </div>
    </article>
  );
}
