import { EntitySchema } from "typeorm";
import type { Locale } from "../../shared/i18n/locale";
import { createdAt, idColumn, text, timeColumn } from "./columns";

export interface AssistanceRequest {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  comments: string;
  /** The language the request was written in: the team answers in it. */
  language: Locale;
  createdAt: Date;
  /** When a team member marked it handled (null while open). */
  handledAt: Date | null;
  /** Username of whoever marked it handled. */
  handledBy: string | null;
}

export const AssistanceRequestEntity = new EntitySchema<AssistanceRequest>({
  name: "AssistanceRequest",
  tableName: "assistance_requests",
  columns: {
    id: idColumn,
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    phoneNumber: text("phone_number"),
    comments: text("comments"),
    language: { type: "text", name: "language", default: "en" },
    createdAt,
    handledAt: timeColumn("handled_at", true),
    handledBy: text("handled_by", true),
  },
});
