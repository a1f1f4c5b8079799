import type { DomainHook, Services, Worker } from "./context";
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

export const workerFactories: ((s: Services) => Worker)[] = [mailWorkerFactory, retentionWorkerFactory, nightlyBackupFactory, intakeWorkerFactory];
