import { useEffect, useRef, type PointerEvent } from "react";
import toast, { useToaster, type Toast } from "react-hot-toast/headless";
import { ToastText, toastContent } from "../../lib/toast";
import { useT } from "../../lib/i18n";
import { CloseIcon } from "./icons/Icon";

const SWIPE_THRESHOLD_PX = 50;

/**
 * The notification region: one toast visible at a time for 5 s,
 * F8 moves focus to it, a swipe right of 50 px dismisses it on touch.
 * Success toasts are polite; failures are assertive.
 */
export function Toaster() {
  const { toasts, handlers } = useToaster();
  const tr = useT();
  const region = useRef<HTMLElement>(null);
  const visible = toasts.filter((t) => t.visible).slice(0, 1);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") {
        e.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section
      ref={region}
      className="toast-region"
      aria-label={tr("Notifications (F8)")}
      tabIndex={-1}
      onMouseEnter={handlers.startPause}
      onMouseLeave={handlers.endPause}
    >
      {visible.map((t) => (
        <ToastCard key={t.id} toast={t} />
      ))}
    </section>
  );
}

function ToastCard({ toast: t }: { toast: Toast }) {
  const content = toastContent(t);
  const tr = useT();
  const start = useRef<number | null>(null);
  const card = useRef<HTMLDivElement>(null);
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === "touch") start.current = e.clientX;
  };
  const onPointerMove = (e: PointerEvent) => {
    if (start.current === null || !card.current) return;
    const dx = Math.max(0, e.clientX - start.current);
    card.current.style.transform = `translateX(${dx}px)`;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (start.current === null) return;
    const dx = e.clientX - start.current;
    start.current = null;
    if (card.current) card.current.style.transform = "";
    if (dx > SWIPE_THRESHOLD_PX) toast.dismiss(t.id);
  };
  return (
    <div
      ref={card}
      className={`toast toast--${content.variant}`}
      role={content.variant === "destructive" ? "alert" : "status"}
      aria-live={content.variant === "destructive" ? "assertive" : "polite"}
      aria-atomic="true"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <ToastText {...content} />
      <button type="button" className="toast__close" aria-label={tr("Dismiss notification")} onClick={() => toast.dismiss(t.id)}>
        <CloseIcon />
      </button>
    </div>
  );
}
