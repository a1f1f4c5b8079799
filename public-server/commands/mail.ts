import type { Services } from "../context";
import type { OutboxMessage } from "../entities/OutboxMessage";
import { Conflict, NotFound } from "../errors";
import { findMessage, requeueFailed } from "../queries/outbox";

/**
 * Puts a failed email back in the queue. `queued` is false when it was already
 * waiting (a second click changes nothing); a sent or missing email is refused.
 */
export async function retryEmail(s: Services, id: number): Promise<{ message: OutboxMessage; queued: boolean }> {
  const result = await s.db.transaction(async (tx) => {
    const again = await requeueFailed(tx, id);
    return again ?? { missing: await findMessage(tx, id) };
  });
  if ("missing" in result) {
    if (!result.missing) throw NotFound("This email no longer exists.");
    if (result.missing.status === "sent") throw Conflict("This email was already sent.");
    return { message: result.missing, queued: false };
  }
  return { message: result, queued: true };
}
