// Loaded into the server by `npm run bench:garden` only (node --import). On SIGUSR2 it prints, as one
// JSON line, and starts again:
// - how long the server's event loop was held at once (the longest hold and the 99th percentile), which
//   is what every other request waits for;
// - where the server's memory was at its highest resident size, sampled every 50 ms: Node's program
//   pages (file-backed), the rest (anonymous), and of that the JavaScript heaps of the event loop and of
//   the large-write thread, and the buffers outside the event loop's heap;
// - when the loop was held 40 ms or more at once, and the garbage collections of 10 ms or more (wall
//   clock, milliseconds since 1970), the first 40 of each, so a slow request can be matched to its cause.
import fs from "node:fs";
import { monitorEventLoopDelay, PerformanceObserver, performance } from "node:perf_hooks";
import { syncBuiltinESMExports } from "node:module";
import workerThreads from "node:worker_threads";

// Node runs this file in every thread it starts too (a thread takes the process's options): measure from the main one only.
if (workerThreads.isMainThread) {
  const mb = (bytes) => Math.round(bytes / 1_048_576);
  const held = monitorEventLoopDelay({ resolution: 5 });
  held.enable();

  const LONG_MS = 40;
  const KEEP = 40;
  let holds = [];
  let pauses = [];
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last >= LONG_MS && holds.length < KEEP) holds.push({ at: Math.round(performance.timeOrigin + last), ms: Math.round(now - last) });
    last = now;
  }, 5).unref();
  const gcKinds = { 1: "minor", 2: "major", 4: "incremental", 8: "weak callbacks" };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.duration >= 10 && pauses.length < KEEP)
        pauses.push({
          at: Math.round(performance.timeOrigin + e.startTime),
          ms: Math.round(e.duration),
          kind: gcKinds[e.detail?.kind] ?? String(e.detail?.kind),
        });
  }).observe({ entryTypes: ["gc"] });

  // The threads the server starts (the large-write thread), so their heaps can be asked for.
  const threads = new Set();
  const Worker = workerThreads.Worker;
  workerThreads.Worker = class extends Worker {
    constructor(...args) {
      super(...args);
      threads.add(this);
      this.once("exit", () => threads.delete(this));
    }
  };
  syncBuiltinESMExports();

  let threadHeap = 0;
  let peak;
  const sample = () => {
    const status = fs.readFileSync("/proc/self/status", "utf8");
    const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    const rss = mb(kb("VmRSS") * 1024);
    if (peak && rss <= peak.rss) return;
    const { heapTotal, external } = process.memoryUsage();
    peak = {
      rss,
      programPages: mb(kb("RssFile") * 1024),
      anonymous: mb(kb("RssAnon") * 1024),
      heap: mb(heapTotal),
      threadHeap: mb(threadHeap),
      buffers: mb(external),
    };
  };
  const sampler = setInterval(() => {
    sample();
    let total = 0;
    Promise.all(
      [...threads].map((t) =>
        t.getHeapStatistics().then(
          (h) => (total += h.total_heap_size),
          () => 0,
        ),
      ),
    ).then(() => (threadHeap = total));
  }, 50);
  sampler.unref();

  process.on("SIGUSR2", () => {
    sample();
    const ms = (ns) => Math.round(ns / 1e5) / 10;
    process.stdout.write(
      `${JSON.stringify({ event: "bench_event_loop", maxMs: ms(held.max), p99Ms: ms(held.percentile(99)), memory: peak, holds, pauses })}\n`,
    );
    held.reset();
    holds = [];
    pauses = [];
    peak = undefined;
  });
}
