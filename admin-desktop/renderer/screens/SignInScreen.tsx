import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ConfirmDialog } from "../../../public-web/components/admin/ConfirmDialog";
import type { AppStatus } from "../../ipc";
import { plural, verb } from "../../words";
import { desktop } from "../desktop";
import { SIGNING_IN_LABEL } from "../../../shared/messages";
import { LoginInput } from "../../../shared/schemas/session";

/**
 * Sign-in with the server address (typed once, then remembered), username and
 * password. With a review copy on this computer, `onBack` returns to it unsigned.
 */
export function SignInScreen({ status, onBack }: { status: AppStatus; onBack?: (() => void) | undefined }) {
  const [serverUrl, setServerUrl] = useState(status.copy?.server ?? status.serverUrl ?? "");
  const [username, setUsername] = useState(status.copy?.owner ?? "");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The warning about plain http, while the volunteer decides whether to sign in that way.
  const [plainHttp, setPlainHttp] = useState<string | null>(null);
  const ids = { server: useId(), user: useId(), pass: useId(), remember: useId(), error: useId() };
  const form = useRef<HTMLFormElement>(null);

  // Keyboard users start typing at once: in the first field still empty (the address is remembered).
  useEffect(() => {
    const fields = [...(form.current?.querySelectorAll<HTMLInputElement>("input:not([type=checkbox])") ?? [])];
    (fields.find((field) => !field.value) ?? fields[0])?.focus();
  }, []);

  const send = async (plainHttpConfirmed: boolean) => {
    setBusy(true);
    const res = await desktop().signIn({ serverUrl, username, password, remember: remember && status.canRemember, plainHttpConfirmed });
    setBusy(false);
    setPlainHttp(null);
    if (!res.ok) {
      if (res.code === "plain-http") return setPlainHttp(res.error);
      setError(res.error);
      return;
    }
    setPassword("");
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    // The server's own rules and sentences for a missing name or password.
    const checked = LoginInput.safeParse({ username, password });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    await send(false);
  };

  return (
    <section className="signin" aria-labelledby="signin-title">
      <h2 id="signin-title">Sign in</h2>
      {status.needsSignIn ? (
        <p className="notice notice--info" role="status">
          Your sign-in has ended. Please sign in again to send your decisions; {plural(status.queued, "waiting decision")} {verb(status.queued, "is", "are")}{" "}
          kept safely on this computer.
        </p>
      ) : status.copy ? (
        <p className="signin__intro">
          Sign in to send your decisions and to download new items. Your review copy and {plural(status.queued, "waiting decision")} stay on this computer.
        </p>
      ) : (
        <p className="signin__intro">Sign in with your administrator account to review submissions and import memorial flowers.</p>
      )}
      <form ref={form} onSubmit={(e) => void submit(e)} noValidate aria-describedby={error ? ids.error : undefined}>
        <div className="field">
          <label htmlFor={ids.server}>Server address</label>
          <input
            id={ids.server}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://garden.example.org"
            value={serverUrl}
            onChange={(e) => setServerUrl(e.target.value)}
            required
          />
          <p className="field__hint">Typed once; the app remembers it.</p>
        </div>
        <div className="field">
          <label htmlFor={ids.user}>Username</label>
          <input id={ids.user} autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor={ids.pass}>Password</label>
          <input id={ids.pass} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </div>
        {status.canRemember ? (
          <div className="field field--check">
            <input id={ids.remember} type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            <label htmlFor={ids.remember}>Keep me signed in on this computer</label>
          </div>
        ) : (
          <p className="field__hint">This computer has no safe place to keep a sign-in, so you will sign in each time you open the app.</p>
        )}
        {error ? (
          <p id={ids.error} className="notice notice--error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="toolbar">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? SIGNING_IN_LABEL : "Sign in"}
          </button>
          {onBack ? (
            <button type="button" className="btn btn--secondary" onClick={onBack}>
              Back to the review copy
            </button>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        open={plainHttp !== null}
        title="Sign in without encryption?"
        description={plainHttp ?? ""}
        confirmLabel="Sign in all the same"
        destructive={false}
        busy={busy}
        onConfirm={() => void send(true)}
        onCancel={() => setPlainHttp(null)}
      />
    </section>
  );
}
