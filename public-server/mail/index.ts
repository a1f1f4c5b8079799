import type { DomainHook, Services } from "../context";
import { startedWorker } from "../lib/perServer";
import { mailHook } from "./hooks";
import { mailFor } from "./worker";

export { mailFor };

/** Registered in hooks.ts: puts each event's emails in the outbox, in the event's transaction. */
export const mailHookFactory = (s: Services): DomainHook => mailHook(s, () => mailFor(s).wake());

/** Registered in hooks.ts: sends what the outbox holds. */
export const mailWorkerFactory = startedWorker(mailFor);
