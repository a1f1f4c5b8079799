import type { Middleware } from "koa";
import { TooMany } from "../errors";
import type { RateLimiter } from "../lib/rateLimiter";

/**
 * Public submissions per client address: each POST counts, and past the
 * limit the answer is 429 with a sentence and Retry-After.
 */
export function limitSubmissions(limiter: RateLimiter): Middleware {
  return async (ctx, next) => {
    const wait = limiter.retryAfter(ctx.ip);
    if (wait > 0) {
      throw TooMany(
        `We have received many messages from your connection in a short time. Please try again in ${minutes(wait)}, or call us if your need is urgent.`,
        wait,
      );
    }
    limiter.hit(ctx.ip);
    await next();
  };
}

export const minutes = (seconds: number) => (seconds < 90 ? "a minute or two" : `about ${Math.ceil(seconds / 60)} minutes`);
