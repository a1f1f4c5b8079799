import type { Services } from "../context";
import type { User } from "../entities/User";
import { Forbidden, TooMany } from "../errors";
import { secretsEqual } from "../lib/secret";
import { minutes } from "../middlewares/limits";
import { recordActivity } from "./activity";

/**
 * Checks the reset-and-import key before any work, with a limit on wrong keys
 * per account and per address (IMPORT_KEY_MAX_FAILURES an hour). Each try is
 * counted before the comparison, so parallel guesses cannot slip past the
 * limit; a right key gives its count back. Every wrong key is logged (who and
 * from where, never the key) and written to the activity log, so the other
 * administrators see that someone is guessing.
 */
/**
 * Refuses a reset-and-import while its account or address is over the limit of wrong keys, before its
 * body is even read; answers the limiter's keys.
 */
export function refuseWhilePaused(s: Services, actor: User, address: string): string[] {
  const keys = [`user:${actor.id}`, `ip:${address}`];
  const wait = Math.max(...keys.map((k) => s.importKeyLimiter.retryAfter(k)));
  if (wait > 0) {
    s.log.info("import_key_refused", { username: actor.username, address, reason: "limit" });
    throw TooMany(`Too many wrong admin keys. Reset-and-import is paused for this account; please try again in ${minutes(wait)}.`, wait);
  }
  return keys;
}

export async function checkImportKey(s: Services, given: string, actor: User, address: string): Promise<void> {
  const expected = s.config.adminImportKey;
  if (!expected) throw Forbidden("Reset-and-import is turned off on this server. Whoever runs it can turn it on by setting ADMIN_IMPORT_KEY.");
  const keys = refuseWhilePaused(s, actor, address);
  for (const k of keys) s.importKeyLimiter.hit(k);
  if (secretsEqual(given, expected)) {
    for (const k of keys) s.importKeyLimiter.release(k);
    return;
  }
  s.log.info("import_key_wrong", { username: actor.username, address });
  const reachedLimit = keys.some((k) => s.importKeyLimiter.retryAfter(k) > 0);
  await s.db.transaction((tx) =>
    recordActivity(tx, {
      actor: actor.username,
      action: "key-refused",
      kind: "flower",
      itemId: null,
      summary: `Wrong admin key for reset-and-import from ${address}${reachedLimit ? "; further tries are refused for an hour" : ""}`,
    }),
  );
  throw Forbidden("The admin key is not correct.");
}
