import { useId } from "react";
import type { AdminFlowerDto } from "../../../shared/schemas/admin";
import { formatDate } from "../../../shared/dates";
import { fullName } from "../../../shared/garden";
import { flowerLabel } from "./format";
import { ModerationActions } from "./ModerationActions";

interface FlowerCardProps {
  item: AdminFlowerDto;
  busy?: boolean;
  onApprove?(): void;
  onDecline?(): void;
  onRemove?(): void;
  onEdit?(): void;
}

/** One memorial flower for moderation: the baby's names, the flower, and (for the team only) who sent it. */
export function FlowerCard({ item, busy, onApprove, onDecline, onRemove, onEdit }: FlowerCardProps) {
  const headingId = useId();
  return (
    <article className="admin-card" aria-labelledby={headingId} tabIndex={-1} data-item-id={item.id}>
      <header className="admin-card__header">
        <h4 id={headingId} className="admin-card__title">
          {fullName(item)}
        </h4>
        <span className="admin-card__date">{formatDate(item.createdAt)}</span>
      </header>
      <p className="admin-card__meta">
        <span className="admin-card__id">ID {item.id}</span> · {flowerLabel(item.flowerType)}
        {item.lossDate ? ` · ${item.lossDate}` : ""}
      </p>
      {item.parentName || item.email ? (
        <p className="admin-card__private">
          Sent by {item.parentName ?? "someone"}
          {item.email ? ` (${item.email})` : ""}
          {item.emailUpdates ? " · wants monthly updates" : ""}
        </p>
      ) : null}
      <ModerationActions
        approved={item.approved}
        subject={`the memorial flower for ${fullName(item)}`}
        busy={busy}
        onApprove={onApprove}
        onDecline={onDecline}
        onRemove={onRemove}
        onEdit={onEdit}
      />
    </article>
  );
}
