import { useState } from "react";
import { formatDateTime } from "../../../shared/dates";
import type { AppStatus } from "../../ipc";
import { desktop, useApp } from "../desktop";

/** Always visible: online or offline, decisions waiting, the last sync, and Sync now. */
export function StatusBar({ status }: { status: AppStatus }) {
  const lastSync = useApp((s) => s.lastSync);
  const [message, setMessage] = useState<string | null>(null);
  const sync = async () => {
    setMessage(null);
    const res = await desktop().syncNow();
    if (!res.ok) setMessage(res.error);
    else if (res.value.stopped === "offline") setMessage("The server cannot be reached. Your decisions are kept and will be sent later.");
    else if (res.value.stopped === "signed-out") setMessage("Please sign in again to send your decisions. Nothing is lost.");
    else if (res.value.stopped === "server") setMessage("The server had trouble. Your decisions are kept; please try again shortly.");
  };
  return (
    <footer className="status-bar" aria-label="Connection and sync status">
      <span className={`status-bar__online ${status.online ? "is-online" : "is-offline"}`} role="status" aria-live="polite">
        <span aria-hidden="true" className="status-bar__dot" />
        {status.online ? "Online" : status.serverUrl ? "Offline" : "Not connected yet"}
      </span>
      <span data-testid="queued-count">
        {status.queued} decision{status.queued === 1 ? "" : "s"} queued
      </span>
      {status.conflicts > 0 ? <span className="status-bar__warn">{status.conflicts} need your attention</span> : null}
      <span data-testid="last-sync">Last sync: {status.lastSyncAt ? formatDateTime(status.lastSyncAt) : "not yet"}</span>
      {status.syncing ? <span role="status">Syncing...</span> : null}
      {lastSync && !status.syncing ? (
        <span className="status-bar__summary" role="status">
          Sent {lastSync.applied}
          {lastSync.conflicts ? `, ${lastSync.conflicts} conflict${lastSync.conflicts === 1 ? "" : "s"}` : ""}
        </span>
      ) : null}
      {message ? (
        <span className="status-bar__message" role="alert">
          {message}
        </span>
      ) : null}
      {status.user ? (
        <button type="button" className="btn btn--small" onClick={() => void sync()} disabled={status.syncing || status.queued === 0}>
          Sync now
        </button>
      ) : null}
    </footer>
  );
}
