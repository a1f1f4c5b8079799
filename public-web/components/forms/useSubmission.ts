import { useState, type FormEvent, type RefObject } from "react";
import { fieldErrors, messageFor } from "../../lib/api";
import { invalidate } from "../../lib/queries";
import { notify, notifyError } from "../../lib/toast";
import { focusFirstInvalid } from "./useForm";
import { useT } from "../../lib/i18n";

/** What a visitor form sends and says: its toasts and the list it refreshes. */
export interface SubmissionPlan<V> {
  /** Sends the values (`api.post` with the route's address, so the body is checked against the route's input). */
  send(values: V): Promise<unknown>;
  success: { title: string; message: string };
  failure: { title: string; fallback: string };
  /** Query key prefix refreshed after a success. */
  refresh: string;
  /** Extra gate besides the schema (e.g. the flower form's required fields). */
  canSubmit?: boolean;
  onSuccess?(): void;
}

interface FormLike<V> {
  values: V;
  trySubmit(): Promise<boolean>;
  reset(): void;
  setServerErrors(errors: Record<string, string>): void;
}

/**
 * The one submit flow of every visitor form: validate, send, "Submitting..."
 * while pending, the success toast and a reset, or the failure toast with
 * the server's sentence and every typed value kept.
 */
export function useSubmission<V>(form: FormLike<V>, formRef: RefObject<HTMLFormElement | null> | null, plan: SubmissionPlan<V>) {
  const [pending, setPending] = useState(false);
  const t = useT();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending || plan.canSubmit === false) return;
    if (!(await form.trySubmit())) return focusFirstInvalid(formRef?.current ?? null);
    setPending(true);
    try {
      await plan.send(form.values);
      notify(t(plan.success.title), t(plan.success.message));
      form.reset();
      invalidate(plan.refresh);
      plan.onSuccess?.();
    } catch (err) {
      form.setServerErrors(fieldErrors(err));
      notifyError(t(plan.failure.title), messageFor(err, t(plan.failure.fallback), t));
      focusFirstInvalid(formRef?.current ?? null);
    } finally {
      setPending(false);
    }
  };

  return { pending, onSubmit };
}
