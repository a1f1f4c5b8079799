import { useCallback, useMemo, useState, type ChangeEvent } from "react";
import type { z } from "zod";

type Values = Record<string, string | boolean>;
type Errors<V> = Partial<Record<keyof V & string, string>>;

/** When a field's own error shows: after it is left ("blur") or as soon as it changes ("change"). Always after a submit. */
export type ValidateMode = "blur" | "change";

/** The first message the schema gives for each top-level field. */
export function schemaErrors<V extends Values>(schema: z.ZodType, values: V): Errors<V> {
  const result = schema.safeParse(values);
  const out: Errors<V> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "") as keyof V & string;
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/**
 * A small form state helper around a shared zod schema: values, which
 * errors are visible, the server's field errors, and reset. The values are
 * never cleared on failure, only by reset() after a success.
 */
export function useForm<V extends Values>(schema: z.ZodType, initial: V, mode: ValidateMode = "blur") {
  const [values, setValues] = useState<V>(initial);
  const [shown, setShown] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors<V>>({});

  const clientErrors = useMemo(() => schemaErrors(schema, values), [schema, values]);
  const isValid = Object.keys(clientErrors).length === 0;

  const errors: Errors<V> = {};
  for (const key of Object.keys(values) as (keyof V & string)[]) {
    const message = serverErrors[key] ?? (submitted || shown[key] ? clientErrors[key] : undefined);
    if (message) errors[key] = message;
  }

  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValues((v) => ({ ...v, [name]: value }));
      setServerErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
      if (mode === "change") setShown((s) => ({ ...s, [name]: true }));
    },
    [mode],
  );

  /** Props for a text-like control (input, textarea, select) bound to `name`. */
  const text = <K extends keyof V & string>(name: K) => ({
    name,
    value: String(values[name] ?? ""),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setValue(name, e.target.value as V[K]),
    onBlur: () => setShown((s) => ({ ...s, [name]: true })),
  });

  /** Marks the form submitted (every error shows) and answers whether it may be sent. */
  const trySubmit = (): boolean => {
    setSubmitted(true);
    return isValid;
  };

  const reset = () => {
    setValues(initial);
    setShown({});
    setSubmitted(false);
    setServerErrors({});
  };

  return { values, setValue, text, errors, isValid, trySubmit, reset, setServerErrors: (e: Record<string, string>) => setServerErrors(e as Errors<V>) };
}

/** Moves focus to the first invalid control of a form, so the person lands on what to fix. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  // Runs after React has rendered the error state.
  requestAnimationFrame(() => form?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
}
