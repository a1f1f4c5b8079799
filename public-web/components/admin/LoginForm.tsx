import { useState, type FormEvent } from "react";
import { LoginInput } from "../../../shared/schemas/session";
import { Field } from "../ui/Field";
import { SIGNING_IN_LABEL } from "../../../shared/messages";

interface LoginFormProps {
  busy?: boolean;
  onSubmit(input: LoginInput): void;
}

/** Username and password with the product's messages, checked before sending. */
export function LoginForm({ busy, onSubmit }: LoginFormProps) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Partial<Record<keyof LoginInput, string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = LoginInput.safeParse({ username, password });
    if (!parsed.success) {
      const next: Partial<Record<keyof LoginInput, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof LoginInput] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="admin-form">
      <Field label="Username" error={errors.username}>
        <input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
      </Field>
      <Field label="Password" error={errors.password}>
        <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? SIGNING_IN_LABEL : "Sign in"}
      </button>
    </form>
  );
}

/** The restricted-area warning beside the login form. */
export function RestrictedNotice() {
  return (
    <div className="admin-warning" role="note">
      <p>
        <strong>Restricted area.</strong> Only authorized administrators may sign in here. If you need access, please contact your system administrator.
      </p>
    </div>
  );
}

/** What administrators can do here: the side panel of the login page. */
export function AdminFeatures() {
  return (
    <aside className="admin-login__side" aria-labelledby="admin-features">
      <h2 id="admin-features">The administrator area</h2>
      <ul>
        <li>Review and approve memorial flowers, testimonials and comments before they appear</li>
        <li>Follow up on assistance requests, so every family hears back within the hour</li>
        <li>Add or correct many memorial flowers at once from a CSV file</li>
        <li>Restore the whole garden from a checked CSV file, with a backup kept first</li>
        <li>See who did what, and when, in the activity log</li>
      </ul>
    </aside>
  );
}
