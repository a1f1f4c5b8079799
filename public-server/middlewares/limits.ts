import type { Middleware } from "koa";
import { TooLarge, TooMany, type ApiError } from "../errors";
import { translate, type MessageValues } from "../../shared/i18n/translate";
import type { RateLimiter } from "../lib/rateLimiter";

/**
 * Public submissions per client address, past either bound answered 429 with
 * a sentence and Retry-After. Only received submissions count against
 * `accepted` (SUBMISSIONS_PER_HOUR): a parent who leaves a field empty a few
 * times is not told to come back in an hour. Its slot is taken before the
 * work, in one step with the check, so parallel requests cannot all pass it,
 * and given back when the submission is refused. Refused ones (a missing
 * field, a memorial no longer in the garden) count against `refused`
 * (REFUSED_SUBMISSIONS_PER_HOUR), a higher bound that still stops a flood:
 * each is counted once its refusal is known, and while it is in flight it
 * holds a received slot, so parallel refusals can pass that bound by no more
 * than SUBMISSIONS_PER_HOUR. An answer of 429 itself counts against neither.
 */
export function limitSubmissions(accepted: RateLimiter, refused: RateLimiter): Middleware {
  return async (ctx, next) => {
    const wait = refused.retryAfter(ctx.ip) || accepted.take(ctx.ip);
    if (wait > 0) {
      const say = (t: Say) =>
        t("We have received many messages from your connection in a short time. Please try again in {wait}, or call us if your need is urgent.", {
          wait: minutes(wait, t),
        });
      const err = TooMany(say(english), wait);
      err.say = say;
      throw err;
    }
    try {
      await next();
    } catch (err) {
      accepted.release(ctx.ip);
      refused.hit(ctx.ip);
      throw err;
    }
  };
}

/**
 * `parser` (a body parser with `limit` as its own) behind a check of the length the request declares: a
 * body declared longer is refused with `tooLarge` before a byte of it is read or the parser starts. The
 * parser refuses it as well, but by throwing an error of its own, with its stack, that the handler then
 * turns into ours: 145 µs of the event loop for each refused 1 MB form, by the profile. A body of
 * undeclared length (chunked) is counted by the parser as it reads.
 */
export function lengthChecked(parser: Middleware, limit: number, tooLarge: () => ApiError = TooLarge): Middleware {
  return (ctx, next) => {
    if ((ctx.request.length ?? 0) > limit) throw tooLarge();
    return parser(ctx, next);
  };
}

type Say = (id: string, values?: MessageValues) => string;
const english: Say = (id, values) => translate("en", {}, id, values);

export const minutes = (seconds: number, t: Say = english) =>
  seconds < 90 ? t("a minute or two") : t("about {minutes} minutes", { minutes: String(Math.ceil(seconds / 60)) });
