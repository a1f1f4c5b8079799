import { useId } from "react";
import type { AdminCommentDto } from "../../../shared/schemas/admin";
import { formatDateTime } from "../../../shared/dates";
import { ModerationActions } from "./ModerationActions";

interface CommentCardProps {
  item: AdminCommentDto;
  busy?: boolean;
  onApprove?(): void;
  onDecline?(): void;
  onRemove?(): void;
}

/** One memorial comment: the library message, who left it, and the flower it is for. */
export function CommentCard({ item, busy, onApprove, onDecline, onRemove }: CommentCardProps) {
  const headingId = useId();
  return (
    <article className="admin-card" aria-labelledby={headingId} tabIndex={-1} data-item-id={item.id}>
      <header className="admin-card__header">
        <h4 id={headingId} className="admin-card__title">
          From {item.commenterName}
        </h4>
        <span className="admin-card__date">{formatDateTime(item.createdAt)}</span>
      </header>
      <p className="admin-card__text">{item.commentText ?? "(This message is no longer in the library.)"}</p>
      <p>
        <span className="admin-tag">Memorial for {item.flowerBabyFirstName ?? "Unknown"}</span>
      </p>
      <ModerationActions
        approved={item.approved}
        subject={`the comment from ${item.commenterName} on the memorial for ${item.flowerBabyFirstName ?? "Unknown"}`}
        busy={busy}
        onApprove={onApprove}
        onDecline={onDecline}
        onRemove={onRemove}
      />
    </article>
  );
}
