import { useId } from "react";
import { CORRECTED_FIELD_LABELS, type CorrectedField, type FlowerCorrectionDto } from "../../../shared/schemas/admin";
import { formatDate } from "../../../shared/dates";
import { flowerLabel } from "./format";

interface CorrectionCardProps {
  item: FlowerCorrectionDto;
  busy?: boolean;
  onApprove?(): void;
  onDecline?(): void;
}

const shown = (field: CorrectedField, value: string | null) => (value === null ? "(empty)" : field === "flowerType" ? flowerLabel(value) : value);

/** A family's correction waiting for review: each field it changes, as the memorial reads now and as it would read. */
export function CorrectionCard({ item, busy, onApprove, onDecline }: CorrectionCardProps) {
  const headingId = useId();
  const subject = `the correction to ${item.name}'s memorial`;
  return (
    <article className="admin-card" aria-labelledby={headingId} tabIndex={-1} data-item-id={item.id}>
      <header className="admin-card__header">
        <h4 id={headingId} className="admin-card__title">
          {item.name}
        </h4>
        <span className="admin-card__date">Asked {formatDate(item.askedAt)}</span>
      </header>
      <p className="admin-card__meta">
        <span className="admin-card__id">ID {item.id}</span> · The family asks for this correction. Until it is approved, the memorial stays as it is.
      </p>
      <table className="admin-correction">
        <caption className="visually-hidden">What would change on {item.name}'s memorial</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Now</th>
            <th scope="col">After the correction</th>
          </tr>
        </thead>
        <tbody>
          {item.changes.map((c) => (
            <tr key={c.field}>
              <th scope="row">{CORRECTED_FIELD_LABELS[c.field]}</th>
              <td>{shown(c.field, c.before)}</td>
              <td>{shown(c.field, c.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="admin-actions">
        <button type="button" className="btn btn--primary" onClick={onApprove} disabled={busy} aria-label={`Approve ${subject}`}>
          Approve
        </button>
        <button type="button" className="btn btn--danger-outline" onClick={onDecline} disabled={busy} aria-label={`Decline ${subject}`}>
          Decline
        </button>
      </div>
    </article>
  );
}
