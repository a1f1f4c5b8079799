import { useState } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { AdminFeatures, LoginForm, RestrictedNotice } from "../../components/admin";
import { messageFor } from "../../lib/api";
import { notify, notifyError } from "../../lib/toast";
import { useSession } from "../../stores/session";
import { AdminShell } from "./AdminShell";
import { useAdminSession } from "./useAdminSession";

/** /admin/login: the form, the restricted-area warning and the side panel. */
export default function LoginPage() {
  const { status, user } = useAdminSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  // The form shows at once, even while the session is checked: swapping a spinner for it moved the whole page
  // (a layout shift). Someone already signed in is sent on to the dashboard as soon as that is known.
  if (status !== "loading" && user && !busy) return <Navigate to="/admin" replace />;

  const login = async (input: { username: string; password: string }) => {
    setBusy(true);
    try {
      const signedIn = await useSession.getState().login(input.username, input.password);
      notify("Login successful", `Welcome back, ${signedIn.username}`);
      void navigate("/admin", { replace: true });
    } catch (error) {
      notifyError("Login failed", error instanceof Error ? messageFor(error, error.message) : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminShell className="admin-login">
      <div className="admin-login__card">
        <h1>Administrator Login</h1>
        <p>Sign in with your administrator username and password.</p>
        <RestrictedNotice />
        <LoginForm busy={busy} onSubmit={(input) => void login(input)} />
      </div>
      <AdminFeatures />
    </AdminShell>
  );
}
