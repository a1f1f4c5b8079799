import { EntitySchema } from "typeorm";
import type { Locale } from "../../shared/i18n/locale";
import { bool, createdAt, idColumn, text, updatedAt, version } from "./columns";

export interface Testimonial {
  id: number;
  firstName: string;
  lastName: string;
  childName: string | null;
  testimonial: string;
  /** Optional; used only to tell the writer when the testimonial is posted. */
  email: string | null;
  /** The language the family wrote in: their emails are written in it. */
  language: Locale;
  approved: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export const TestimonialEntity = new EntitySchema<Testimonial>({
  name: "Testimonial",
  tableName: "testimonials",
  columns: {
    id: idColumn,
    firstName: text("first_name"),
    lastName: text("last_name"),
    childName: text("child_name", true),
    testimonial: text("testimonial"),
    email: text("email", true),
    language: { type: "text", name: "language", default: "en" },
    approved: bool("approved"),
    version,
    createdAt,
    updatedAt,
  },
});
