import { useId, useState, type FormEvent } from "react";
import { FamilyLinkRequest } from "../../../shared/schemas/public";
import { Field } from "../ui/Field";

export interface FamilyLinkActions {
  busy?: boolean;
  /** Sends a new private link to this address (used for that one email, not kept). */
  onSend(email: string): Promise<boolean>;
  /** Closes every private link to this memorial. */
  onRevoke(): void;
}

/** The family's private link to manage a memorial: send one to an address typed here, or close them all. */
export function FamilyLinkPanel({ busy, onSend, onRevoke }: FamilyLinkActions) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const headingId = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = FamilyLinkRequest.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    if (await onSend(parsed.data.email)) setEmail("");
  };
  return (
    <section className="admin-family-link" aria-labelledby={headingId}>
      <h3 id={headingId}>The family's private link</h3>
      <p>
        A private link lets the family withdraw the memorial, turn comments off or stop our emails, without an account. You can send one to an address the
        family gave you: it is used for that one email and not kept.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate className="admin-form">
        <Field label="Family's email address" error={error}>
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </Field>
        <div className="admin-actions">
          <button type="submit" className="btn btn--secondary" disabled={busy}>
            Send a private link
          </button>
        </div>
      </form>
      <p>If a link reached someone it should not have, close every link to this memorial. The family can ask for a new one on the website.</p>
      <div className="admin-actions">
        <button type="button" className="btn btn--secondary" onClick={onRevoke} disabled={busy}>
          Close all private links
        </button>
      </div>
    </section>
  );
}
