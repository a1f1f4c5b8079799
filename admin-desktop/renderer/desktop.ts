/**
 * The renderer's state: what main last told us (status, review list, CSV
 * progress), in small zustand stores. Main's events are subscribed to once,
 * here, and pushed into the stores.
 */
import { create } from "zustand";
import type { AppStatus, DesktopApi, DesktopEvent, ReviewView } from "../ipc";

declare global {
  interface Window {
    desktop: DesktopApi;
  }
}

export const desktop = (): DesktopApi => window.desktop;

interface AppState {
  status: AppStatus | null;
  review: ReviewView | null;
  progress: Extract<DesktopEvent, { type: "progress" }> | null;
  lastSync: Extract<DesktopEvent, { type: "sync-done" }>["summary"] | null;
  /** The sign-in form was asked for while the review copy is open without a sign-in (to send, or to download). */
  wantsSignIn: boolean;
}

export const useApp = create<AppState>()(() => ({ status: null, review: null, progress: null, lastSync: null, wantsSignIn: false }));

/** Shows the sign-in form (sending and downloading need a live sign-in; reviewing does not). */
export const askSignIn = (): void => useApp.setState({ wantsSignIn: true });

/** Re-reads the review list and queue from main. */
export async function refreshReview(): Promise<void> {
  const res = await desktop().getReview();
  if (res.ok) useApp.setState({ review: res.value });
}

let started = false;

/** Subscribes to main's events and loads the first status (once per page). */
export function startDesktopBridge(): void {
  if (started) return;
  started = true;
  desktop().onEvent((event) => {
    if (event.type === "status") {
      // A session that just ended while sending brings the sign-in form (the copy stays one click away).
      const ended = event.status.needsSignIn && !useApp.getState().status?.needsSignIn;
      useApp.setState((s) => ({ status: event.status, wantsSignIn: !event.status.user && (s.wantsSignIn || ended) }));
    } else if (event.type === "progress") useApp.setState({ progress: event });
    else if (event.type === "sync-done") {
      useApp.setState({ lastSync: event.summary });
      void refreshReview();
    }
  });
  void desktop()
    .getStatus()
    .then((res) => {
      if (res.ok) useApp.setState((s) => ({ status: s.status ?? res.value }));
    });
  void refreshReview();
}
