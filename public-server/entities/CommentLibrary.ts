import { EntitySchema } from "typeorm";
import { createdAt, idColumn, text } from "./columns";

export interface CommentLibraryEntry {
  id: number;
  text: string;
  category: "standard" | "biblical";
  active: boolean;
  createdAt: Date;
}

export const CommentLibraryEntity = new EntitySchema<CommentLibraryEntry>({
  name: "CommentLibraryEntry",
  tableName: "comment_library",
  columns: {
    id: idColumn,
    text: text("text"),
    category: text("category"),
    active: { type: "boolean", name: "active", default: true },
    createdAt,
  },
});
