import { useEffect, useRef, useSyncExternalStore, type FormEvent, type ReactNode, type RefObject } from "react";
import { useHref, useLocation } from "react-router-dom";
import { FORM_KIND_FIELD, type VisitorFormKind } from "../../../shared/visitorForms";
import { useT } from "../../lib/i18n";
import { Honeypot } from "./Honeypot";
import { useSubmission, type SubmissionPlan } from "./useSubmission";

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
  // The address in the page's language (the router's base included): the answer comes back in it.
  const page = useHref(pathname);
  const answerId = `${anchor}-answer`;
  return { post: { method: "post", action: `${page}#${answerId}` } as const, answerId };
}

function FormKind({ kind }: { kind: VisitorFormKind }) {
  return <input type="hidden" name={FORM_KIND_FIELD} value={kind} />;
}

/**
 * The success title and text shown where the form is, after it was sent.
 * Focus moves here when it appears after a send in the page (a screen reader
 * reads it), so the person is not left on a button that was reset.
 */
export function FormSent({ id, title, message, focus = true }: { id?: string; title: string; message: string; focus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const t = useT();
  const hydrated = useRef(typeof document !== "undefined" && document.documentElement.dataset.hydrated === "1");
  useEffect(() => {
    // Only after a send in this page: a page that arrives with the message (sent without JavaScript) keeps the browser's place.
    if (focus && hydrated.current) ref.current?.focus();
  }, [focus]);
  return (
    <div ref={ref} id={id} className="form-sent" role="status" tabIndex={-1}>
      <p className="form-sent__title">{t(title)}</p>
      <p className="form-sent__message">{t(message)}</p>
    </div>
  );
}

/** A sentence about the whole form from a plain post (e.g. too many messages in a short time). */
function FormMessage({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="form-message" role="alert">
      {message}
    </p>
  );
}

/** False in the server's HTML and the first render in the browser, true once the page runs. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const noSubscription = () => () => undefined;

/** What the frame reads of a form's state (useForm gives it). */
interface FramedForm {
  sent: boolean;
  formMessage?: string;
  values: { website?: unknown };
  setValue(key: "website", value: string): void;
}

interface VisitorFormFrameProps {
  kind: VisitorFormKind;
  form: FramedForm;
  /** From usePlainPost: where the form posts without JavaScript, and the id its answer takes. */
  plain: ReturnType<typeof usePlainPost>;
  onSubmit(event: FormEvent): void;
  /** The success title and text shown above the form once sent; null where the caller shows them itself. */
  sent: { title: string; message: string } | null;
  formRef?: RefObject<HTMLFormElement | null>;
  className?: string;
  label?: string;
  labelledBy?: string;
  /** Hidden fields the form posts besides its kind. */
  hidden?: ReactNode;
  /** The submit button and anything beside it. */
  actions: ReactNode;
  children: ReactNode;
}

/**
 * The frame every visitor form shares: the success text once sent, then the form
 * itself (posting to its own page without JavaScript), its kind, its whole-form
 * message, the fields, the honeypot and the actions.
 */
export function VisitorFormFrame({
  kind,
  form,
  plain,
  onSubmit,
  sent,
  formRef,
  className,
  label,
  labelledBy,
  hidden,
  actions,
  children,
}: VisitorFormFrameProps) {
  return (
    <>
      {form.sent && sent ? <FormSent id={plain.answerId} {...sent} /> : null}
      <form
        ref={formRef}
        className={className ? `visitor-form ${className}` : "visitor-form"}
        aria-label={label}
        aria-labelledby={labelledBy}
        noValidate
        onSubmit={onSubmit}
        {...plain.post}
      >
        <FormKind kind={kind} />
        {hidden}
        <FormMessage id={plain.answerId} message={form.formMessage} />
        {children}
        <Honeypot value={String(form.values.website ?? "")} onChange={(value) => form.setValue("website", value)} />
        {actions}
      </form>
    </>
  );
}

/**
 * A visitor form's submit button: "Submitting..." while it sends. `incomplete` disables it, but only once
 * the page runs: before that (no JavaScript yet, or none at all) nothing could enable it again, and the
 * form could never be sent. The button alone renders again when the page starts to run, not its form.
 */
export function SubmitButton({
  pending,
  incomplete = false,
  className = "btn visitor-form__submit",
  children,
}: {
  pending: boolean;
  incomplete?: boolean;
  className?: string;
  children: string;
}) {
  const running = useHydrated();
  const t = useT();
  return (
    <button type="submit" className={className} disabled={(running && incomplete) || pending}>
      {pending ? t("Submitting...") : children}
    </button>
  );
}

/**
 * A visitor form's sending and its frame's wiring, once: the form's element, where it posts without
 * JavaScript, and the submit flow. `frame` is spread on VisitorFormFrame, which shows the plan's success
 * text once sent. With `focusOnError: false` a refused submit leaves focus where it is (the comment form
 * shows its errors as one types).
 */
export function useVisitorForm<V>(
  kind: VisitorFormKind,
  form: FramedForm & Parameters<typeof useSubmission<V>>[0],
  anchor: string,
  plan: SubmissionPlan<V>,
  { focusOnError = true }: { focusOnError?: boolean } = {},
) {
  const formRef = useRef<HTMLFormElement>(null);
  const plain = usePlainPost(anchor);
  const { pending, onSubmit } = useSubmission(form, focusOnError ? formRef : null, plan);
  return { pending, frame: { kind, form, plain, onSubmit, sent: plan.success, formRef } };
}
