import { useEffect, useRef, useSyncExternalStore } from "react";
import { useLocation } from "react-router-dom";
import { FORM_KIND_FIELD, type VisitorFormKind } from "../../../shared/visitorForms";

/**
 * What makes a visitor form work before JavaScript: it posts to its own page
 * and names itself in a hidden field. Nothing typed ever goes into the address.
 *
 * The address's fragment names the answer (`answerId`), which the form gives
 * to its success text and to its whole-form message: the page that comes back
 * scrolls to whichever is there. After field errors neither is, and the
 * browser honours the first invalid field's autofocus instead (a fragment
 * that names an element would cancel it): the person lands on what to fix.
 */
export function usePlainPost(anchor: string) {
  const { pathname } = useLocation();
  const answerId = `${anchor}-answer`;
  return { post: { method: "post", action: `${pathname}#${answerId}` } as const, answerId };
}

export function FormKind({ kind }: { kind: VisitorFormKind }) {
  return <input type="hidden" name={FORM_KIND_FIELD} value={kind} />;
}

/**
 * The success title and text shown where the form is, after it was sent.
 * Focus moves here when it appears after a send in the page (a screen reader
 * reads it), so the person is not left on a button that was reset.
 */
export function FormSent({ id, title, message, focus = true }: { id?: string; title: string; message: string; focus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const hydrated = useRef(typeof document !== "undefined" && document.documentElement.dataset.hydrated === "1");
  useEffect(() => {
    // Only after a send in this page: a page that arrives with the message (sent without JavaScript) keeps the browser's place.
    if (focus && hydrated.current) ref.current?.focus();
  }, [focus]);
  return (
    <div ref={ref} id={id} className="form-sent" role="status" tabIndex={-1}>
      <p className="form-sent__title">{title}</p>
      <p className="form-sent__message">{message}</p>
    </div>
  );
}

/** A sentence about the whole form from a plain post (e.g. too many messages in a short time). */
export function FormMessage({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="form-message" role="alert">
      {message}
    </p>
  );
}

/**
 * False in the server's HTML and the first render in the browser, true once
 * the page runs. A submit button that JavaScript keeps disabled until the form
 * is complete must stay enabled before that, or the form could never be sent.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const noSubscription = () => () => undefined;
