interface ModerationActionsProps {
  approved: boolean;
  busy?: boolean;
  onApprove?(): void;
  onDecline?(): void;
  onRemove?(): void;
  onEdit?(): void;
}

/** Approve and Decline for a pending item, Remove for a live one (and Edit when offered). */
export function ModerationActions({ approved, busy, onApprove, onDecline, onRemove, onEdit }: ModerationActionsProps) {
  return (
    <div className="admin-actions">
      {onEdit ? (
        <button type="button" className="btn btn--secondary" onClick={onEdit} disabled={busy}>
          Edit
        </button>
      ) : null}
      {!approved && onApprove ? (
        <button type="button" className="btn btn--primary" onClick={onApprove} disabled={busy}>
          Approve
        </button>
      ) : null}
      {!approved && onDecline ? (
        <button type="button" className="btn btn--danger-outline" onClick={onDecline} disabled={busy}>
          Decline
        </button>
      ) : null}
      {approved && onRemove ? (
        <button type="button" className="btn btn--danger-outline" onClick={onRemove} disabled={busy}>
          Remove
        </button>
      ) : null}
    </div>
  );
}
