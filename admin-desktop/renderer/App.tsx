import { useState } from "react";
import { AdminTabs } from "../../public-web/components/admin/AdminTabs";
import { desktop, useApp } from "./desktop";
import { StatusBar } from "./components/StatusBar";
import { SignInScreen } from "./screens/SignInScreen";
import { ReviewScreen } from "./screens/ReviewScreen";
import { CsvScreen } from "./screens/CsvScreen";

const TABS = [
  { id: "review", label: "Review" },
  { id: "csv", label: "CSV import" },
] as const;

/** Sign in first; then the Review and CSV screens, with the status bar always at the bottom. */
export function App() {
  const status = useApp((s) => s.status);
  const [tab, setTab] = useState<string>("review");
  if (!status) {
    return (
      <main className="app app--loading" aria-busy="true">
        <p role="status">Loading...</p>
      </main>
    );
  }
  const queued = status.queued + status.conflicts;
  return (
    <div className="app">
      <header className="app-header">
        <h1 className="app-header__title">Garden of Remembrance · Volunteers</h1>
        {status.user ? (
          <div className="app-header__user">
            <span>Signed in as {status.user.username}</span>
            <button type="button" className="btn btn--secondary" onClick={() => void desktop().signOut()}>
              Sign out
            </button>
          </div>
        ) : null}
      </header>
      <main className="app-main">
        {status.user ? (
          <AdminTabs
            tabs={TABS.map((t) => (t.id === "review" ? { ...t, badge: queued, badgeLabel: "waiting or needing attention" } : t))}
            active={tab}
            onChange={setTab}
            label="Volunteer tasks"
            idPrefix="desktop"
          >
            {tab === "review" ? <ReviewScreen /> : <CsvScreen />}
          </AdminTabs>
        ) : (
          <SignInScreen status={status} />
        )}
      </main>
      <StatusBar status={status} />
    </div>
  );
}
