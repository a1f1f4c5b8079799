import crypto from "node:crypto";
import type { Middleware } from "koa";
import type { AppState } from "../context";
import { logMs, type Logger } from "../lib/log";

/**
 * Random bytes for the ids, drawn from the system a few kilobytes at a time: one draw per request cost
 * 18 µs of the event loop (about 2 % of it under a crowd), one per 800 requests costs nothing to speak of.
 */
const pool = Buffer.alloc(4096);
let taken = pool.length;

/** A short random id per request, for a person to quote ("error 7f3a09c2d1") and a volunteer to find in the log. */
function newRequestId(): string {
  if (taken + 5 > pool.length) {
    crypto.randomFillSync(pool);
    taken = 0;
  }
  return pool.toString("hex", taken, (taken += 5));
}

/**
 * One line per request: its id, method, path (never the query string, which
 * may carry personal details), status, duration and size. No IP, cookie or
 * body. The id is also sent back as X-Request-Id and in every error answer.
 * A view built in the loop's spare turns also has `heldMs`: the part of its
 * duration it waited there, behind the cached answers (a queue, not work).
 * A sign-in has `hashMs`: the part of its duration its password's hashing took
 * (its own work, which takes longer when other work has the cores).
 */
export function requestLog(log: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const id = newRequestId();
    ctx.state.requestId = id;
    ctx.set("X-Request-Id", id);
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line: Record<string, unknown> = { id, method: ctx.method, path: ctx.path, status: ctx.status, ms: logMs(ms), bytes: ctx.length ?? null };
      if (ctx.state.heldMs !== undefined) line.heldMs = logMs(ctx.state.heldMs);
      if (ctx.state.hashMs !== undefined) line.hashMs = logMs(ctx.state.hashMs);
      log.info("request", line);
    }
  };
}
