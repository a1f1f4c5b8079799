import { EntitySchema } from "typeorm";
import { idColumn, int, text } from "./columns";

/** One administrator action: who did what to which item, and when. Never holds an email or a parent's name. */
export interface ActivityLog {
  id: number;
  at: Date;
  actor: string;
  action: string;
  kind: string;
  itemId: number | null;
  summary: string;
}

export const ActivityLogEntity = new EntitySchema<ActivityLog>({
  name: "ActivityLog",
  tableName: "activity_log",
  columns: {
    id: idColumn,
    at: { type: "datetime", name: "at", createDate: true },
    actor: text("actor"),
    action: text("action"),
    kind: text("kind"),
    itemId: int("item_id", true),
    summary: text("summary"),
  },
});
