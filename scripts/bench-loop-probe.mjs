// Loaded into the server by `npm run bench:garden` only (node --import): measures how long the server's
// event loop was held at once, which is what every other request waits for. On SIGUSR2 it prints the
// longest hold and the 99th percentile since the last SIGUSR2, as one JSON line, and starts again.
import { monitorEventLoopDelay } from "node:perf_hooks";

const held = monitorEventLoopDelay({ resolution: 5 });
held.enable();
process.on("SIGUSR2", () => {
  const ms = (ns) => Math.round(ns / 1e5) / 10;
  process.stdout.write(`${JSON.stringify({ event: "bench_event_loop", maxMs: ms(held.max), p99Ms: ms(held.percentile(99)) })}\n`);
  held.reset();
});
