import type { CommitListener, DomainHook, Services, Worker } from "./context";
import { staleCaches } from "./events";
import { activityHook } from "./commands/activity";
import { mailHookFactory, mailWorkerFactory } from "./mail";
import { retentionWorkerFactory } from "./commands/retention";
import { nightlyBackupFactory } from "./operations/nightly";
import { intakeWorkerFactory } from "./commands/submissions";
import { remembranceHookFactory } from "./commands/remembrance";

/**
 * Hooks that run inside the transaction of each write (see DomainEvent).
 * A feature (activity log, outbox) adds its factory here with one line.
 */
export const hookFactories: ((s: Services) => DomainHook)[] = [mailHookFactory, activityHook, remembranceHookFactory];

/** Listeners told each event once its write committed (see CommitListener). */
export const commitListenerFactories: ((s: Services) => CommitListener)[] = [staleCaches];

export const workerFactories: ((s: Services) => Worker)[] = [mailWorkerFactory, retentionWorkerFactory, nightlyBackupFactory, intakeWorkerFactory];
