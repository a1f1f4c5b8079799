import { EntitySchema } from "typeorm";
import { text } from "./columns";

/** Server-side session store for koa-session: the cookie holds only the random id. */
export interface SessionRow {
  id: string;
  data: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export const SessionEntity = new EntitySchema<SessionRow>({
  name: "Session",
  tableName: "sessions",
  columns: {
    id: { type: "text", primary: true },
    data: text("data"),
    expiresAt: { type: "integer", name: "expires_at" },
  },
});
