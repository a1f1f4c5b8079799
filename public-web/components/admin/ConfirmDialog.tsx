import { useEffect, useRef, type ReactNode } from "react";
import { Dialog } from "../ui/Dialog";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Styles the confirm button as a destructive action. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
  children?: ReactNode;
}

/** A confirmation before a permanent action: Cancel (focused first, the safe choice) and the confirm button. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  destructive = true,
  busy,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  // The Dialog's own effect (a child's) has already opened the <dialog> when this runs.
  useEffect(() => {
    if (open) cancel.current?.focus();
  }, [open]);
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={description} className="confirm-dialog">
      {children}
      <div className="admin-actions admin-actions--end">
        <button ref={cancel} type="button" className="btn btn--secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className={`btn ${destructive ? "btn--danger" : "btn--primary"}`} onClick={onConfirm} disabled={busy}>
          {busy ? "Working..." : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
