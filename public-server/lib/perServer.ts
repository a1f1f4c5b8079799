import type { Services, Worker } from "../context";

/**
 * One instance of a background part per server (per Services), made on first use and shared by all
 * that ask for it: the hook that wakes it, the admin calls that read it, and the worker list that stops it.
 */
export function onePerServer<T extends object>(make: (s: Services) => T): (s: Services) => T {
  const made = new WeakMap<Services, T>();
  return (s) => {
    let one = made.get(s);
    if (!one) {
      one = make(s);
      made.set(s, one);
    }
    return one;
  };
}

/** A worker factory for hooks.ts: the server's one instance, started; stopped before the database closes. */
export function startedWorker<T extends Worker & { start(): void }>(instanceFor: (s: Services) => T): (s: Services) => Worker {
  return (s) => {
    const worker = instanceFor(s);
    worker.start();
    return worker;
  };
}
