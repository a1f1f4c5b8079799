import type { CommentRow } from "../presenters";
import { contains, idOf, type Queries } from ".";

const COMMENT_COLUMNS = `c.id, c.memorial_flower_id AS memorialFlowerId, c.commenter_name AS commenterName,
  c.comment_library_id AS commentLibraryId, c.approved, c.version, c.created_at AS createdAt, c.updated_at AS updatedAt,
  l.text AS commentText, l.category AS commentCategory, f.baby_first_name AS flowerBabyFirstName`;
const COMMENT_FROM = `FROM memorial_comments c
  LEFT JOIN comment_library l ON l.id = c.comment_library_id
  LEFT JOIN memorial_flowers f ON f.id = c.memorial_flower_id`;
/** A comment joined with its text and its flower's first name. */
const SELECT = `SELECT ${COMMENT_COLUMNS} ${COMMENT_FROM}`;

/** Approved comments of one approved flower that have both a text and a name, oldest first; none when its family turned comments off. */
export function listPublicComments(q: Queries, flowerId: number): Promise<CommentRow[]> {
  return q.query<CommentRow[]>(
    `${SELECT} WHERE c.memorial_flower_id = ? AND c.approved = 1 AND f.approved = 1 AND f.comments_off = 0
       AND l.text IS NOT NULL AND l.text <> '' AND trim(c.commenter_name) <> ''
     ORDER BY c.id`,
    [flowerId],
  );
}

/** One comment with its text and flower, for the moderators (the desktop app's re-check of one decision). */
export async function findAdminComment(q: Queries, id: number): Promise<CommentRow | null> {
  const rows = await q.query<CommentRow[]>(`${SELECT} WHERE c.id = ?`, [id]);
  return rows[0] ?? null;
}

/** One page of the comments of a status, newest first, joined with their text and flower, searched in the names (or by ID). */
export async function commentsPage(
  q: Queries,
  filter: { approved: boolean; beforeId?: number; search?: string },
  page: { limit: number; offset: number },
): Promise<{ items: CommentRow[]; total: number }> {
  const where = ["c.approved = ?"];
  const params: unknown[] = [filter.approved ? 1 : 0];
  if (filter.beforeId) {
    where.push("c.id < ?");
    params.push(filter.beforeId);
  }
  if (filter.search) {
    where.push(`(c.id = ? OR c.commenter_name LIKE ? ESCAPE '\\' OR f.baby_first_name LIKE ? ESCAPE '\\')`);
    params.push(idOf(filter.search), contains(filter.search), contains(filter.search));
  }
  const clause = `WHERE ${where.join(" AND ")}`;
  const [{ n }] = await q.query<[{ n: number }]>(`SELECT count(*) AS n ${COMMENT_FROM} ${clause}`, params);
  const items = await q.query<CommentRow[]>(`SELECT ${COMMENT_COLUMNS} ${COMMENT_FROM} ${clause} ORDER BY c.id DESC LIMIT ? OFFSET ?`, [
    ...params,
    page.limit,
    page.offset,
  ]);
  return { items, total: n };
}

// For the reset-and-import (on the large-write thread).

export async function countComments(q: Queries): Promise<number> {
  const [{ n }] = await q.query<[{ n: number }]>(`SELECT count(*) AS n FROM memorial_comments`);
  return Number(n);
}

export async function deleteAllComments(q: Queries): Promise<void> {
  await q.query(`DELETE FROM memorial_comments`);
}

/** For the activity log: "Comment by" the name the commenter gave. */
export async function commentSummary(q: Queries, id: number): Promise<string> {
  const rows = await q.query<{ s: string }[]>("SELECT 'Comment by ' || commenter_name AS s FROM memorial_comments WHERE id = ?", [id]);
  return rows[0]?.s ?? "";
}
