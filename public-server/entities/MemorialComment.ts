import { EntitySchema } from "typeorm";
import { bool, createdAt, idColumn, int, text, updatedAt, version } from "./columns";

export interface MemorialComment {
  id: number;
  memorialFlowerId: number;
  commenterName: string;
  commentLibraryId: number;
  approved: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export const MemorialCommentEntity = new EntitySchema<MemorialComment>({
  name: "MemorialComment",
  tableName: "memorial_comments",
  columns: {
    id: idColumn,
    memorialFlowerId: int("memorial_flower_id"),
    commenterName: text("commenter_name"),
    commentLibraryId: int("comment_library_id"),
    approved: bool("approved"),
    version,
    createdAt,
    updatedAt,
  },
});
