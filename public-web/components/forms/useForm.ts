import { useCallback, useMemo, useRef, useState, type ChangeEvent } from "react";
import type { z } from "zod";
import type * as PublicSchemas from "../../../shared/schemas/public";
import type { VisitorFormKind } from "../../../shared/visitorForms";
import { issueText } from "../../../shared/i18n/issues";
import { useT, type Translate } from "../../lib/i18n";
import { usePostedForm } from "../../lib/pageData";

type Values = Record<string, string | boolean>;
type Errors<V> = Partial<Record<keyof V & string, string>>;

/** When a field's own error shows: after it is left ("blur") or as soon as it changes ("change"). Always after a submit. */
export type ValidateMode = "blur" | "change";

// The shared schemas (and zod with them) load when a person first reaches a form, not with the page:
// the page reads and the form posts without them, and the server checks everything again anyway.
type Schemas = typeof PublicSchemas;
let schemas: Promise<Schemas> | undefined;
const loadSchemas = () => (schemas ??= import("../../../shared/schemas/public"));

const SCHEMA_OF: Record<VisitorFormKind, (m: Schemas) => z.ZodType> = {
  assistance: (m) => m.AssistanceRequestInput,
  flower: (m) => m.MemorialFlowerInput,
  comment: (m) => m.MemorialCommentInput,
  testimonial: (m) => m.TestimonialInput,
};

/** The first message the schema gives for each top-level field, in the page's language (`t`; English without it). */
export function schemaErrors<V extends Values>(schema: z.ZodType, values: V, t: Translate = (id) => id): Errors<V> {
  const result = schema.safeParse(values);
  const out: Errors<V> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "") as keyof V & string;
    if (key && !out[key]) out[key] = issueText(issue, t);
  }
  return out;
}

/** The initial values, with what the person typed before a plain (JavaScript-free) post failed. */
function startValues<V extends Values>(initial: V, posted: Record<string, string> | undefined): V {
  if (!posted) return initial;
  const out: Values = { ...initial };
  for (const key of Object.keys(initial)) {
    if (!(key in posted) && typeof initial[key] !== "boolean") continue;
    out[key] = typeof initial[key] === "boolean" ? posted[key] === "on" || posted[key] === "true" : posted[key]!;
  }
  return out as V;
}

/**
 * A small form state helper around a visitor form's shared zod schema:
 * values, which errors are visible, the server's field errors, whether it
 * was sent, and reset. The values are never cleared on failure, only by
 * reset() after a success. A page rendered by the server after a plain post
 * starts with that post's values, errors and outcome.
 */
export function useForm<V extends Values>(kind: VisitorFormKind, initial: V, mode: ValidateMode = "blur") {
  const posted = usePostedForm(kind);
  const t = useT();
  const [values, setValues] = useState<V>(() => startValues(initial, posted?.values));
  const [shown, setShown] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors<V>>((posted?.errors ?? {}) as Errors<V>);
  const [sent, setSent] = useState(Boolean(posted?.sent));
  const [schema, setSchema] = useState<z.ZodType | null>(null);
  const loading = useRef<Promise<z.ZodType> | null>(null);

  /** Loads the schema (once): when focus first reaches a field, or at the latest on submit. */
  const prepare = useCallback(() => {
    loading.current ??= loadSchemas().then((m) => {
      const s = SCHEMA_OF[kind](m);
      setSchema(() => s);
      return s;
    });
    return loading.current;
  }, [kind]);

  // After a failed plain post, the page opens with the focus on the first field to fix (as a failed
  // submit with JavaScript does): the server writes it as the autofocus attribute.
  const [firstPostedError] = useState(() => Object.keys(initial).find((key) => posted?.errors?.[key]));

  const clientErrors = useMemo<Errors<V>>(() => (schema ? schemaErrors(schema, values, t) : {}), [schema, values, t]);
  const isValid = schema !== null && Object.keys(clientErrors).length === 0;

  const errors: Errors<V> = {};
  for (const key of Object.keys(values) as (keyof V & string)[]) {
    const message = serverErrors[key] ?? (submitted || shown[key] ? clientErrors[key] : undefined);
    if (message) errors[key] = message;
  }

  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValues((v) => ({ ...v, [name]: value }));
      setServerErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
      setSent(false);
      if (mode === "change") setShown((s) => ({ ...s, [name]: true }));
    },
    [mode],
  );

  /** Whether the control for `name` opens focused: the first field a plain post came back with an error for. */
  const opensFocused = (name: keyof V & string) => name === firstPostedError;

  /** Props for a text-like control (input, textarea, select) bound to `name`. */
  const text = <K extends keyof V & string>(name: K) => ({
    name,
    value: String(values[name] ?? ""),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setValue(name, e.target.value as V[K]),
    onBlur: () => setShown((s) => ({ ...s, [name]: true })),
    onFocus: () => void prepare(),
    ...(opensFocused(name) ? { autoFocus: true } : {}),
  });

  /** Marks the form submitted (every error shows) and answers whether it may be sent. */
  const trySubmit = async (): Promise<boolean> => {
    const s = schema ?? (await prepare());
    setSubmitted(true);
    return Object.keys(schemaErrors(s, values)).length === 0;
  };

  /** After a success: empty fields, and the success text shown. */
  const reset = () => {
    setValues(initial);
    setShown({});
    setSubmitted(false);
    setServerErrors({});
    setSent(true);
  };

  return {
    values,
    setValue,
    text,
    errors,
    isValid,
    trySubmit,
    reset,
    prepare,
    opensFocused,
    sent,
    /** A sentence about the whole form from a plain post (e.g. too many messages). */
    formMessage: posted?.message,
    setServerErrors: (e: Record<string, string>) => setServerErrors(e as Errors<V>),
  };
}

/**
 * Moves focus to the first invalid control of a form, so the person lands on what to fix. The error
 * state is rendered by React in its own time after the submit's await (before or after the next frame,
 * depending on how busy the phone is): it looks on each frame until a control is marked invalid, for two
 * seconds at most. A group (the flower choice) is marked invalid as a whole; its first control takes it.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, until = performance.now() + 2000): void {
  requestAnimationFrame(() => {
    const invalid = form?.querySelector<HTMLElement>("[aria-invalid='true']");
    if (!invalid) {
      if (form && performance.now() < until) focusFirstInvalid(form, until);
      return;
    }
    (invalid.matches("fieldset") ? invalid.querySelector<HTMLElement>("input") : invalid)?.focus();
  });
}
