import type { Page } from "playwright-core";

/** What watchMainThread saw between its start and its stop. */
export interface MainThreadWatch {
  /** The longest task the Long Tasks API reported (it reports those over 50 ms only; 0: none). */
  longestTaskMs: number;
  longestFrameGapMs: number;
  /** The values the CSV reading's progress bar showed. */
  progressSeen: number[];
}

interface WatchState {
  longestTask: number;
  longestGap: number;
  on: boolean;
  observer: PerformanceObserver;
  progress: Set<number>;
}

/**
 * Watches a page's main thread until stopped: the longest task (Long Tasks API), the longest gap
 * between two animation frames, and the values the CSV progress bar showed. A frozen page shows the first two.
 */
export async function watchMainThread(p: Page): Promise<() => Promise<MainThreadWatch>> {
  await p.evaluate(() => {
    const state: WatchState = {
      longestTask: 0,
      longestGap: 0,
      on: true,
      progress: new Set<number>(),
      observer: new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.longestTask = Math.max(state.longestTask, entry.duration);
      }),
    };
    state.observer.observe({ type: "longtask" });
    let last = performance.now();
    const frame = (now: number) => {
      state.longestGap = Math.max(state.longestGap, now - last);
      last = now;
      const bar = document.querySelector<HTMLProgressElement>("progress.csv-progress__bar");
      if (bar) state.progress.add(bar.value);
      if (state.on) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    (window as unknown as { __watch: WatchState }).__watch = state;
  });
  return () =>
    p.evaluate(() => {
      const watch = (window as unknown as { __watch: WatchState }).__watch;
      watch.on = false;
      watch.observer.disconnect();
      return {
        longestTaskMs: Math.round(watch.longestTask),
        longestFrameGapMs: Math.round(watch.longestGap),
        progressSeen: [...watch.progress].sort((a, b) => a - b),
      };
    });
}
