import type { EntityManager } from "typeorm";
import type { CommentRow } from "../presenters";

const SELECT = `
  SELECT c.id, c.memorial_flower_id AS memorialFlowerId, c.commenter_name AS commenterName,
         c.comment_library_id AS commentLibraryId, c.approved, c.version,
         c.created_at AS createdAt, c.updated_at AS updatedAt,
         l.text AS commentText, l.category AS commentCategory,
         f.baby_first_name AS flowerBabyFirstName
  FROM memorial_comments c
  LEFT JOIN comment_library l ON l.id = c.comment_library_id
  LEFT JOIN memorial_flowers f ON f.id = c.memorial_flower_id`;

/** Approved comments of one approved flower that have both a text and a name, oldest first; none when its family turned comments off. */
export function listPublicComments(m: EntityManager, flowerId: number): Promise<CommentRow[]> {
  return m.query(
    `${SELECT} WHERE c.memorial_flower_id = ? AND c.approved = 1 AND f.approved = 1 AND f.comments_off = 0
       AND l.text IS NOT NULL AND l.text <> '' AND trim(c.commenter_name) <> ''
     ORDER BY c.id`,
    [flowerId],
  );
}

/** One comment with its text and flower, for the moderators (the desktop app's re-check of one decision). */
export async function findAdminComment(m: EntityManager, id: number): Promise<CommentRow | null> {
  const rows: CommentRow[] = await m.query(`${SELECT} WHERE c.id = ?`, [id]);
  return rows[0] ?? null;
}
