import { EntitySchema } from "typeorm";
import { SQL_NOW } from "../lib/time";
import { idColumn, int, text, timeColumn } from "./columns";

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
    at: { ...timeColumn("at"), default: () => SQL_NOW, update: false },
    actor: text("actor"),
    action: text("action"),
    kind: text("kind"),
    itemId: int("item_id", true),
    summary: text("summary"),
  },
});
