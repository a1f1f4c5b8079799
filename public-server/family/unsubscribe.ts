import crypto from "node:crypto";
import type { ServerConfig } from "../config";
import type { Services } from "../context";
import { sessionSecret } from "../lib/secret";
import { FAMILY_ACTOR, recordActivity } from "../commands/activity";
import { MANAGE_PATH } from "../commands/family";
import { addressGetsUpdates, flowerCreatedAt, stopUpdatesOfAddress } from "../queries/memorialFlowers";

/** Where one click stops the monthly updates (RFC 8058): the token alone names the address, no cookie or login. */
export const UNSUBSCRIBE_PATH = `${MANAGE_PATH}/stop-updates`;

/** The key for unsubscribe tokens, derived from the server's secret (which it never reveals). */
export const unsubscribeKey = (config: Pick<ServerConfig, "sessionSecret" | "dataDir">) =>
  crypto.createHmac("sha256", sessionSecret(config.sessionSecret, config.dataDir)).update("monthly-updates unsubscribe").digest("base64url");

const TOKEN_SHAPE = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/**
 * An updates email's unsubscribe token: the flower's id and a MAC of it with
 * its creation time (an id used again by a later flower does not match), under
 * a key of its own derived from the server's secret. Nothing is stored, so a
 * link in an old email keeps working; it can only stop the updates.
 */
export function unsubscribeToken(key: string, flowerId: number, createdAt: string): string {
  return `${flowerId}.${mac(key, flowerId, createdAt)}`;
}

const mac = (key: string, flowerId: number, createdAt: string) =>
  crypto.createHmac("sha256", key).update(`updates-unsubscribe:${flowerId}:${createdAt}`).digest("base64url");

/**
 * The address to put in List-Unsubscribe: the token in the query string, which the request log never
 * records. `path`: the page's address in the family's language (/es/…) for the link in the email's text.
 */
export const unsubscribeUrl = (publicUrl: string, token: string, path = UNSUBSCRIBE_PATH) => `${publicUrl}${path}?token=${token}`;

/** The flower a token names, if it is well formed and its MAC holds. Reads only. */
async function flowerForToken(s: Services, key: string, token: unknown): Promise<number | null> {
  const match = typeof token === "string" ? TOKEN_SHAPE.exec(token) : null;
  if (!match) return null;
  const id = Number(match[1]);
  const createdAt = await s.db.read((_, m) => flowerCreatedAt(m, id));
  if (createdAt === undefined) return null;
  const expected = Buffer.from(mac(key, id, createdAt));
  const given = Buffer.from(match[2]!);
  return crypto.timingSafeEqual(expected, given) ? id : null;
}

/** Whether a token is good, without changing anything (the confirm page a GET shows). */
export async function isUnsubscribeToken(s: Services, key: string, token: unknown): Promise<boolean> {
  return (await flowerForToken(s, key, token)) !== null;
}

/**
 * Stops the monthly updates to the address of the flower the token names, on
 * every memorial of that address, at once; logged without the token or the
 * address. No note is sent: they asked for fewer emails. Answers false for a
 * token that is not good.
 */
export async function stopUpdates(s: Services, key: string, token: unknown): Promise<boolean> {
  const id = await flowerForToken(s, key, token);
  if (id === null) return false;
  // A retry, or a second click, finds nothing left to stop: answered without a turn in the write queue.
  if (!(await s.db.read((_, m) => addressGetsUpdates(m, id)))) return true;
  await s.db.transaction(async (tx) => {
    for (const stopped of await stopUpdatesOfAddress(tx, id)) {
      await recordActivity(tx, {
        actor: FAMILY_ACTOR,
        action: "family",
        kind: "flower",
        itemId: stopped,
        summary: "Monthly updates stopped from an updates email",
      });
    }
  });
  return true;
}
