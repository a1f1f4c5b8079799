import type { EntityManager } from "typeorm";
import type { AdminPageQuery } from "../../shared/schemas/admin";
import type { ActivityAction, ActivityDto } from "../../shared/schemas/adminTools";
import { activityRows, countActivity, insertActivity, type ActivityRow } from "../queries/activityLog";
import type { DomainEvent, DomainHook, Queries, Services } from "../context";
import { parseDbTime } from "../lib/time";
import { SUMMARY } from "./moderation";
import type { FamilyChange } from "../family/changes";
import { plural } from "../../shared/words";

export interface ActivityEntry {
  actor: string;
  action: ActivityAction;
  kind: ActivityDto["kind"];
  itemId: number | null;
  /** A short description: never an email address or a parent's name. */
  summary: string;
}

/** Writes one activity row with `tx`, so it commits or rolls back with the change it describes. */
export async function recordActivity(tx: Queries, entry: ActivityEntry): Promise<void> {
  await insertActivity(tx, { ...entry, summary: entry.summary.slice(0, 300) });
}

/** What the log says a family did through their link (never who they are, never the link). */
const FAMILY_LABEL: Record<FamilyChange, string> = {
  withdraw: "Withdrawn by the family",
  restore: "Brought back by the family",
  "comments-off": "Comments turned off by the family",
  "comments-on": "Comments turned on by the family",
  "surname-initial": "Surname shown as an initial by the family",
  "surname-full": "Full surname shown again by the family",
  "updates-off": "Monthly updates stopped by the family",
  "updates-on": "Monthly updates chosen by the family",
  "link-only": "Kept link-only (out of the garden's list) by the family",
  listed: "Listed in the garden again by the family",
  "search-off": "Kept out of search engines by the family",
  "search-on": "Search engines allowed again by the family",
  delete: "Deleted with everything about it by the family",
};
/** What the log says of a family's correction (its fields are not repeated: the memorial's summary names it). */
const CORRECTION_LABEL = {
  asked: "Correction asked for by the family, waiting for review",
  applied: "Corrected by the family before its review",
  withdrawn: "Correction withdrawn by the family",
  approved: "The family's correction approved",
  declined: "The family's correction declined; the memorial kept as it was",
} as const;
/** The actor of a family's change: they have no account. */
export const FAMILY_ACTOR = "Family (private link)";

const IMPORT_LABEL = { reset: "Reset and import", "bulk-upload": "Bulk upload", "bulk-update": "Bulk update" } as const;

/**
 * The activity row for a domain event, or null for events that are not an
 * administrator's action (a visitor's submission). Summaries come from the
 * moderation summarisers, which read only the baby's first name and initial,
 * a testimonial writer's first name and initial, or a commenter's name.
 */
export async function activityFor(tx: Queries, event: DomainEvent): Promise<ActivityEntry | null> {
  switch (event.type) {
    case "submitted":
      return null;
    case "approved":
      return { actor: event.actor.username, action: "approved", kind: event.kind, itemId: event.id, summary: await SUMMARY[event.kind](tx, event.id) };
    case "deleted":
      // Decline deletes a pending item, Remove a live one: the same call, told apart by wasApproved.
      return { actor: event.actor.username, action: event.wasApproved ? "removed" : "declined", kind: event.kind, itemId: event.id, summary: event.summary };
    case "edited":
      return { actor: event.actor.username, action: "edited", kind: event.kind, itemId: event.id, summary: await SUMMARY[event.kind](tx, event.id) };
    case "family":
      return {
        actor: FAMILY_ACTOR,
        action: "family",
        kind: "flower",
        itemId: event.id,
        summary: `${FAMILY_LABEL[event.change]}: ${await SUMMARY.flower(tx, event.id)}`,
      };
    case "family-link":
      return {
        actor: event.actor.username,
        action: "family",
        kind: "flower",
        itemId: event.id,
        summary: `${event.action === "sent" ? "Sent the family a private link" : "Retired the family's private links"}: ${await SUMMARY.flower(tx, event.id)}`,
      };
    case "correction":
      return "actor" in event
        ? {
            actor: event.actor.username,
            action: event.action === "approved" ? "edited" : "family",
            kind: "flower",
            itemId: event.id,
            summary: `${CORRECTION_LABEL[event.action]}: ${await SUMMARY.flower(tx, event.id)}`,
          }
        : {
            actor: FAMILY_ACTOR,
            action: "family",
            kind: "flower",
            itemId: event.id,
            summary: `${CORRECTION_LABEL[event.action]}: ${await SUMMARY.flower(tx, event.id)}`,
          };
    case "imported": {
      const backup = event.detail ? ` (backup ${event.detail})` : "";
      return {
        actor: event.actor.username,
        action: "imported",
        kind: "flower",
        itemId: null,
        summary: `${IMPORT_LABEL[event.mode]}: ${plural(event.count, "memorial flower")}${backup}`,
      };
    }
  }
}

/** The DomainHook that keeps the activity log (registered in hooks.ts). */
export function activityHook(_s: Services): DomainHook {
  return async (tx, event) => {
    const entry = await activityFor(tx, event);
    if (entry) await recordActivity(tx, entry);
  };
}

/** One page of the log, newest first, with the count of every row. */
export async function listActivityPage(m: EntityManager, query: AdminPageQuery): Promise<{ items: ActivityDto[]; total: number }> {
  const total = await countActivity(m);
  const rows = await activityRows(m, query.pageSize, (query.page - 1) * query.pageSize);
  return { items: rows.map(presentActivity), total };
}

function presentActivity(r: ActivityRow): ActivityDto {
  return {
    id: r.id,
    at: parseDbTime(r.at).toISOString(),
    actor: r.actor,
    action: r.action,
    kind: r.kind,
    itemId: r.itemId,
    summary: r.summary,
  };
}
