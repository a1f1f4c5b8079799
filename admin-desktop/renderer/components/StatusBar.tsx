import { useState } from "react";
import { formatDateTime } from "../../../shared/dates";
import type { AppStatus, SyncSummary } from "../../ipc";
import { plural, verb } from "../../words";
import { askSignIn, desktop, useApp } from "../desktop";

/**
 * What the last sync's stop means now. Derived from the current status, so it
 * goes away by itself once it no longer holds (signed in again, back online, a
 * later sync that went through).
 */
function stopMessage(summary: SyncSummary | null, status: AppStatus): string | null {
  if (!summary?.stopped || status.syncing) return null;
  if (summary.stopped === "offline" && !status.online) return "The server cannot be reached. Your decisions are kept and will be sent later.";
  if (summary.stopped === "signed-out" && !status.user) return "Please sign in again to send your decisions. Nothing is lost.";
  if (summary.stopped === "server") return "The server had trouble. Your decisions are kept; please try again shortly.";
  return null;
}

/** What answers at the server's address instead of the server, in two or three words (the sign-in says more). */
const PROBLEM = { "not-garden": "Not a garden server", certificate: "Certificate not trusted", "server-down": "Server not running" } as const;

/** What a finished sync did, only when it did something ("Sent 0" says nothing). */
function doneMessage(summary: SyncSummary | null): string | null {
  if (!summary || summary.stopped || summary.applied + summary.conflicts === 0) return null;
  const conflicts = summary.conflicts ? `, ${plural(summary.conflicts, "conflict")}` : "";
  return `Sent ${plural(summary.applied, "decision")}${conflicts}`;
}

/** Always visible: online or offline, decisions waiting, the last sync, and Sync now. */
export function StatusBar({ status }: { status: AppStatus }) {
  const lastSync = useApp((s) => s.lastSync);
  // An error answered by the last click, kept only for the situation it was about.
  const [failed, setFailed] = useState<{ text: string; user: string | null } | null>(null);
  const sync = async () => {
    setFailed(null);
    const res = await desktop().syncNow();
    if (!res.ok) setFailed({ text: res.error, user: status.user?.username ?? null });
  };
  const error = failed && failed.user === (status.user?.username ?? null) ? failed.text : stopMessage(lastSync, status);
  const done = status.syncing ? null : doneMessage(lastSync);
  return (
    <footer className="status-bar" aria-label="Connection and sync status">
      <span className={`status-bar__online ${status.online ? "is-online" : "is-offline"}`} role="status" aria-live="polite">
        <span aria-hidden="true" className="status-bar__dot" />
        {status.online
          ? "Online"
          : status.problem && status.problem !== "unreachable"
            ? PROBLEM[status.problem]
            : status.serverUrl
              ? "Offline"
              : "Not connected yet"}
      </span>
      <span data-testid="queued-count">{plural(status.queued, "decision")} queued</span>
      {status.conflicts > 0 ? (
        <span className="status-bar__warn">
          {plural(status.conflicts, "decision")} {verb(status.conflicts, "needs", "need")} your attention
        </span>
      ) : null}
      <span data-testid="last-sync">Last sync: {status.lastSyncAt ? formatDateTime(status.lastSyncAt) : "not yet"}</span>
      {status.syncing ? <span role="status">Syncing...</span> : null}
      {done && !error ? (
        <span className="status-bar__summary" role="status">
          {done}
        </span>
      ) : null}
      {error ? (
        <span className="status-bar__message" role="alert">
          {error}
        </span>
      ) : null}
      {status.user ? (
        <button type="button" className="btn btn--small" onClick={() => void sync()} disabled={status.syncing || status.queued === 0}>
          Sync now
        </button>
      ) : status.queued > 0 ? (
        <button type="button" className="btn btn--small" onClick={askSignIn}>
          Sign in to send
        </button>
      ) : null}
    </footer>
  );
}
