import type { Middleware } from "koa";
import type { Logger } from "../lib/log";

/**
 * One line per request: method, path (never the query string, which may
 * carry personal details), status, duration and size. No IP, cookie or body.
 */
export function requestLog(log: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info("request", { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10, bytes: ctx.length ?? null });
    }
  };
}
