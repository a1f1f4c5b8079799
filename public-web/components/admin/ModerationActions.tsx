interface ModerationActionsProps {
  approved: boolean;
  /** What the buttons act on, for screen readers: "the memorial flower for Grace Lee". */
  subject: string;
  busy?: boolean;
  onApprove?(): void;
  onDecline?(): void;
  onRemove?(): void;
  onEdit?(): void;
}

/**
 * Approve and Decline for a pending item, Remove for a live one (and Edit when
 * offered). Each button's name says which item it acts on ("Approve the
 * memorial flower for Grace Lee"), beginning with the word it shows.
 */
export function ModerationActions({ approved, subject, busy, onApprove, onDecline, onRemove, onEdit }: ModerationActionsProps) {
  return (
    <div className="admin-actions">
      {onEdit ? (
        <button type="button" className="btn btn--secondary" onClick={onEdit} disabled={busy} aria-label={`Edit ${subject}`}>
          Edit
        </button>
      ) : null}
      {!approved && onApprove ? (
        <button type="button" className="btn btn--primary" onClick={onApprove} disabled={busy} aria-label={`Approve ${subject}`}>
          Approve
        </button>
      ) : null}
      {!approved && onDecline ? (
        <button type="button" className="btn btn--danger-outline" onClick={onDecline} disabled={busy} aria-label={`Decline ${subject}`}>
          Decline
        </button>
      ) : null}
      {approved && onRemove ? (
        <button type="button" className="btn btn--danger-outline" onClick={onRemove} disabled={busy} aria-label={`Remove ${subject}`}>
          Remove
        </button>
      ) : null}
    </div>
  );
}
