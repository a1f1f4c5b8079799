import { useId } from "react";
import type { AdminTestimonialDto } from "../../../shared/schemas/admin";
import { formatDate } from "../../../shared/dates";
import { truncate } from "./format";
import { ModerationActions } from "./ModerationActions";

interface TestimonialCardProps {
  item: AdminTestimonialDto;
  busy?: boolean;
  onApprove?(): void;
  onDecline?(): void;
  onRemove?(): void;
}

/** One testimonial for moderation; an approved one shows its first 100 characters. */
export function TestimonialCard({ item, busy, onApprove, onDecline, onRemove }: TestimonialCardProps) {
  const headingId = useId();
  return (
    <article className="admin-card" aria-labelledby={headingId} tabIndex={-1} data-item-id={item.id}>
      <header className="admin-card__header">
        <h4 id={headingId} className="admin-card__title">
          {item.firstName} {item.lastName}
        </h4>
        <span className="admin-card__date">{formatDate(item.createdAt)}</span>
      </header>
      {item.childName ? <p className="admin-card__meta">In memory of {item.childName}</p> : null}
      <p className="admin-card__text">{item.approved ? truncate(item.testimonial) : item.testimonial}</p>
      {item.email ? <p className="admin-card__private">Email: {item.email}</p> : null}
      <ModerationActions
        approved={item.approved}
        subject={`the testimonial by ${item.firstName} ${item.lastName}`}
        busy={busy}
        onApprove={onApprove}
        onDecline={onDecline}
        onRemove={onRemove}
      />
    </article>
  );
}
