import { cloneElement, useId, type ReactElement, type ReactNode } from "react";
import { useT } from "../../lib/i18n";

interface FieldProps {
  label: ReactNode;
  /** The control: an input, select or textarea. It receives id and the aria links. */
  children: ReactElement<Record<string, unknown>>;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  /** Marks the field "(optional)", written and styled like "(required)". */
  optional?: boolean;
  className?: string;
}

/** A labelled form control with its hint and its error, tied to it for assistive technology. */
export function Field({ label, children, hint, error, required, optional, className }: FieldProps) {
  const id = useId();
  const t = useT();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field ${error ? "field--invalid" : ""} ${className ?? ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span className="field__required">{` ${t("(required)")}`}</span> : null}
        {optional && !required ? <span className="field__required">{` ${t("(optional)")}`}</span> : null}
      </label>
      {cloneElement(children, {
        id,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
        "aria-required": required || undefined,
      })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
