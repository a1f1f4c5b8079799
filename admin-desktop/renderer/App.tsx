import { useState } from "react";
import { AdminTabs } from "../../public-web/components/admin/AdminTabs";
import { ConfirmDialog } from "../../public-web/components/admin/ConfirmDialog";
import type { AppStatus } from "../ipc";
import { askSignIn, desktop, refreshReview, useApp } from "./desktop";
import { StatusBar } from "./components/StatusBar";
import { SignInScreen } from "./screens/SignInScreen";
import { ReviewScreen } from "./screens/ReviewScreen";
import { CsvScreen } from "./screens/CsvScreen";

const TABS = [
  { id: "review", label: "Review" },
  { id: "csv", label: "CSV import" },
] as const;

/**
 * Signed in: the Review and CSV screens. Not signed in but with a review copy
 * on this computer: the Review screen all the same (deciding needs no
 * connection and no sign-in), with whose copy it is; the sign-in form comes
 * when the volunteer wants to send or download. The status bar is always at the bottom.
 */
export function App() {
  const status = useApp((s) => s.status);
  const wantsSignIn = useApp((s) => s.wantsSignIn);
  const [tab, setTab] = useState<string>("review");
  if (!status) {
    return (
      <main className="app app--loading" aria-busy="true">
        <p role="status">Loading...</p>
      </main>
    );
  }
  const queued = status.queued + status.conflicts;
  const working = Boolean(status.user) || (status.copy !== null && !wantsSignIn);
  const tabs = TABS.filter((t) => t.id === "review" || status.user).map((t) =>
    t.id === "review" ? { ...t, badge: queued, badgeLabel: "waiting or needing attention" } : t,
  );
  return (
    <div className="app">
      <header className="app-header">
        <h1 className="app-header__title">Garden of Remembrance · Volunteers</h1>
        <Account status={status} />
      </header>
      <main className="app-main">
        {working ? (
          <AdminTabs tabs={tabs} active={status.user ? tab : "review"} onChange={setTab} label="Volunteer tasks" idPrefix="desktop">
            {tab === "csv" && status.user ? <CsvScreen /> : <ReviewScreen />}
          </AdminTabs>
        ) : (
          <SignInScreen status={status} onBack={status.copy ? () => useApp.setState({ wantsSignIn: false }) : undefined} />
        )}
      </main>
      <StatusBar status={status} />
    </div>
  );
}

/** Who is signed in, or whose review copy is open; sign-in and sign-out (which removes the copy, after asking). */
function Account({ status }: { status: AppStatus }) {
  const wantsSignIn = useApp((s) => s.wantsSignIn);
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signOut = async (discardUnsent: boolean) => {
    setBusy(true);
    const res = await desktop().signOut({ discardUnsent });
    setBusy(false);
    if (!res.ok && res.code === "unsent") return setWarning(res.error);
    setWarning(null);
    await refreshReview();
  };

  if (!status.user && !status.copy) return null;
  const owner = status.copy?.owner;
  return (
    <div className="app-header__user">
      {status.user ? (
        <span>Signed in as {status.user.username}</span>
      ) : (
        <span data-testid="copy-owner" title={`Review copy${owner ? ` of ${owner}` : ""}${status.copy?.server ? ` from ${status.copy.server}` : ""}`}>
          Not signed in · review copy{owner ? ` of ${owner}` : ""}
          {status.copy?.server ? ` from ${status.copy.server}` : ""}
        </span>
      )}
      {status.user || wantsSignIn ? null : (
        <button type="button" className="btn btn--primary" onClick={askSignIn}>
          Sign in
        </button>
      )}
      <button type="button" className="btn btn--secondary" onClick={() => void signOut(false)} disabled={busy}>
        {status.user ? "Sign out" : "Remove the review copy"}
      </button>
      <ConfirmDialog
        open={warning !== null}
        title="Remove the review copy and unsent decisions?"
        description={warning ?? ""}
        confirmLabel={status.user ? "Sign out and remove" : "Remove"}
        busy={busy}
        onConfirm={() => void signOut(true)}
        onCancel={() => setWarning(null)}
      />
    </div>
  );
}
