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
}

export const useApp = create<AppState>()(() => ({ status: null, review: null, progress: null, lastSync: null }));

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
    if (event.type === "status") useApp.setState({ status: event.status });
    else if (event.type === "progress") useApp.setState({ progress: event });
    else if (event.type === "sync-done") {
      useApp.setState({ lastSync: event.summary });
      void refreshReview();
    }
  });
  void desktop()
    .getStatus()
    .then((res) => {
      if (res.ok) useApp.setState({ status: res.value });
    });
  void refreshReview();
}
