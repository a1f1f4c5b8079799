import { useEffect, useId, useRef, type ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { CloseIcon } from "./icons/Icon";

interface DialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  /** Optional line under the title, announced as the dialog's description. */
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest
 * of the page inert (focus stays inside), Escape closes it, and focus goes
 * back to the control that opened it.
 */
export function Dialog({ open, onClose, title, description, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const tr = useT();
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ""}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => {
        if (opener.current instanceof HTMLElement) opener.current.focus();
        if (open) onClose();
      }}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="dialog__close" aria-label={tr("Close")} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {description ? (
        <p id={descriptionId} className="dialog__description">
          {description}
        </p>
      ) : null}
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
