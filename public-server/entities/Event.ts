import { EntitySchema } from "typeorm";
import { createdAt, idColumn, int, text } from "./columns";

/** Events (Evening of Reflection and the like) and their registrations. */
export interface Event {
  id: number;
  title: string;
  description: string;
  date: string;
  location: string | null;
  registrationRequired: boolean;
  active: boolean;
  createdAt: Date;
}

export const EventEntity = new EntitySchema<Event>({
  name: "Event",
  tableName: "events",
  columns: {
    id: idColumn,
    title: text("title"),
    description: text("description"),
    date: text("date"),
    location: text("location", true),
    registrationRequired: { type: "boolean", name: "registration_required", default: true },
    active: { type: "boolean", name: "active", default: true },
    createdAt,
  },
});

export interface EventRegistration {
  id: number;
  eventId: number;
  name: string;
  email: string;
  phone: string | null;
  additionalInfo: string | null;
  createdAt: Date;
}

export const EventRegistrationEntity = new EntitySchema<EventRegistration>({
  name: "EventRegistration",
  tableName: "event_registrations",
  columns: {
    id: idColumn,
    eventId: int("event_id"),
    name: text("name"),
    email: text("email"),
    phone: text("phone", true),
    additionalInfo: text("additional_info", true),
    createdAt,
  },
});
