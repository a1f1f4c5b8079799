import type { DomainEvent, Services } from "./context";
import { serverKeysAfter, type EventName } from "../shared/staleData";

/** The event's name in the table of what each write makes stale (shared/staleData.ts). */
export function eventName(event: DomainEvent): EventName {
  switch (event.type) {
    case "submitted":
      return `submitted:${event.kind}`;
    case "approved":
      return `approved:${event.kind}`;
    case "deleted":
      return `deleted:${event.kind}`;
    case "edited":
      return `edited:${event.kind}`;
    case "family":
      return `family:${event.change}`;
    case "family-link":
      return `family-link:${event.action}`;
    case "correction":
      return `correction:${event.action}`;
    case "imported":
      return `imported:${event.mode}`;
  }
}

/** After each committed write, the cached answers and pages showing what it changed go (see shared/staleData.ts). */
export const staleCaches = (s: Services) => (event: DomainEvent) => {
  const keys = serverKeysAfter(eventName(event));
  if (keys.length) s.cache.invalidate(...keys);
};
