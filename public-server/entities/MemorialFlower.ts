import { EntitySchema } from "typeorm";
import type { Locale } from "../../shared/i18n/locale";
import { bool, createdAt, idColumn, text, updatedAt, version } from "./columns";

export interface MemorialFlower {
  id: number;
  /** Null for flowers that came from a CSV import or bulk upload. */
  parentName: string | null;
  email: string | null;
  babyFirstName: string;
  babyMiddleName: string | null;
  babyLastName: string | null;
  lossDate: string | null;
  flowerType: string;
  emailUpdates: boolean;
  /** The language the family wrote in: their emails are written in it. */
  language: Locale;
  approved: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  /** The search text stored with the flower (garden/searchText.ts); written, never read through the entity. */
  searchName?: string;
  searchParent?: string;
  searchEmail?: string;
  nameInitial?: string;
}

const searchColumn = (name: string) => ({ ...text(name, true), select: false });

export const MemorialFlowerEntity = new EntitySchema<MemorialFlower>({
  name: "MemorialFlower",
  tableName: "memorial_flowers",
  columns: {
    id: idColumn,
    parentName: text("parent_name", true),
    email: text("email", true),
    babyFirstName: text("baby_first_name"),
    babyMiddleName: text("baby_middle_name", true),
    babyLastName: text("baby_last_name", true),
    lossDate: text("loss_date", true),
    flowerType: text("flower_type"),
    emailUpdates: bool("email_updates"),
    language: { type: "text", name: "language", default: "en" },
    approved: bool("approved"),
    version,
    createdAt,
    updatedAt,
    searchName: searchColumn("search_name"),
    searchParent: searchColumn("search_parent"),
    searchEmail: searchColumn("search_email"),
    nameInitial: searchColumn("name_initial"),
  },
});
