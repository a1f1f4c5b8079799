import type { DomainHook, Services } from "../context";
import type { Worker } from "../hooks";
import { mailHook } from "./hooks";
import { MailWorker } from "./worker";

// One mail worker per server (per Services), shared by the hook that wakes it and the admin calls.
const workers = new WeakMap<Services, MailWorker>();

/** The mail worker of this server, made on first use. */
export function mailFor(s: Services): MailWorker {
  let worker = workers.get(s);
  if (!worker) {
    worker = new MailWorker(s);
    workers.set(s, worker);
  }
  return worker;
}

/** Registered in hooks.ts: puts each event's emails in the outbox, in the event's transaction. */
export const mailHookFactory = (s: Services): DomainHook => mailHook(s, () => mailFor(s).wake());

/** Registered in hooks.ts: sends what the outbox holds; stopped before the database closes. */
export const mailWorkerFactory = (s: Services): Worker => {
  const worker = mailFor(s);
  worker.start();
  return worker;
};
