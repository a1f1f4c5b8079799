import { In, type EntityManager, type SelectQueryBuilder } from "typeorm";
import type { AdminListQuery } from "../../shared/schemas/admin";
import { MemorialFlowerEntity, type MemorialFlower } from "../entities/MemorialFlower";
import { TestimonialEntity, type Testimonial } from "../entities/Testimonial";
import type { CommentRow } from "../presenters";
import { adminSearchMatch } from "./adminSearch";

/*
 * The admin lists, one page at a time: pending or approved, newest first,
 * searched in the names (or by ID) and, for flowers, filtered by type. The
 * (approved, id) and (approved, flower_type, id) indexes serve the ordering
 * and the filters (and `beforeId`, the page after the last id read); a flower search reads the admin's trigram index, the
 * other lists (hundreds of rows, not a garden) the names of one status.
 */

export interface Page<T> {
  items: T[];
  total: number;
}

/** `%text%` for LIKE, with LIKE's own wildcards taken literally. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const idOf = (q: string) => (/^\d{1,15}$/.test(q) ? Number(q) : -1);

async function paged<T extends object>(qb: SelectQueryBuilder<T>, query: AdminListQuery): Promise<Page<T>> {
  // A plain COUNT(*) on the same conditions: TypeORM's own count is COUNT(DISTINCT id), which sorts every match.
  const counted = await qb.clone().orderBy().select("COUNT(*)", "n").getRawOne<{ n: number }>();
  const items = await qb
    .offset((query.page - 1) * query.pageSize)
    .limit(query.pageSize)
    .getMany();
  return { items, total: Number(counted?.n ?? 0) };
}

export async function listFlowersPage(m: EntityManager, query: AdminListQuery): Promise<Page<MemorialFlower>> {
  if (query.q) {
    const match = adminSearchMatch(query.q, query.status, query.type || undefined);
    // A search with nothing left once folded (a lone accent) finds nothing, as it always did.
    return match ? searchFlowersPage(m, match, query) : { items: [], total: 0 };
  }
  const qb = m
    .createQueryBuilder(MemorialFlowerEntity, "f")
    .where("f.approved = :approved", { approved: query.status === "approved" ? 1 : 0 })
    // A memorial its family withdrew waits for nobody's review (it is deleted after 30 days, or brought back by them).
    .andWhere("f.withdrawn_at IS NULL")
    .orderBy("f.id", "DESC");
  if (query.type) qb.andWhere("f.flowerType = :type", { type: query.type });
  if (query.beforeId) qb.andWhere("f.id < :beforeId", { beforeId: query.beforeId });
  return paged(qb, query);
}

/** A searched page, counted and chosen in the admin's trigram index; only the page's flowers are read. */
async function searchFlowersPage(m: EntityManager, match: string, query: AdminListQuery): Promise<Page<MemorialFlower>> {
  const offset = (query.page - 1) * query.pageSize;
  const ids = (
    (await m.query(`SELECT rowid AS id FROM admin_flower_fts WHERE admin_flower_fts MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ? OFFSET ?`, [
      match,
      query.beforeId ?? Number.MAX_SAFE_INTEGER,
      query.pageSize,
      offset,
    ])) as { id: number }[]
  ).map((r) => r.id);
  // A short last page already says how many there are (most searches find one page or less): count only otherwise.
  let total = offset + ids.length;
  if (ids.length === query.pageSize || (ids.length === 0 && offset > 0)) {
    [{ n: total }] = (await m.query(`SELECT count(*) AS n FROM admin_flower_fts WHERE admin_flower_fts MATCH ? AND rowid < ?`, [
      match,
      query.beforeId ?? Number.MAX_SAFE_INTEGER,
    ])) as [{ n: number }];
  }
  const rows = ids.length ? await m.findBy(MemorialFlowerEntity, { id: In(ids) }) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { items: ids.flatMap((id) => byId.get(id) ?? []), total };
}

export function listTestimonialsPage(m: EntityManager, query: AdminListQuery): Promise<Page<Testimonial>> {
  const qb = m
    .createQueryBuilder(TestimonialEntity, "t")
    .where("t.approved = :approved", { approved: query.status === "approved" ? 1 : 0 })
    .orderBy("t.id", "DESC");
  if (query.beforeId) qb.andWhere("t.id < :beforeId", { beforeId: query.beforeId });
  if (query.q) {
    qb.andWhere(
      `(t.id = :id OR (t.firstName || ' ' || t.lastName) LIKE :q ESCAPE '\\' OR t.childName LIKE :q ESCAPE '\\' OR t.testimonial LIKE :q ESCAPE '\\')`,
      { id: idOf(query.q), q: contains(query.q) },
    );
  }
  return paged(qb, query);
}

const COMMENT_COLUMNS = `c.id, c.memorial_flower_id AS memorialFlowerId, c.commenter_name AS commenterName,
  c.comment_library_id AS commentLibraryId, c.approved, c.version, c.created_at AS createdAt, c.updated_at AS updatedAt,
  l.text AS commentText, l.category AS commentCategory, f.baby_first_name AS flowerBabyFirstName`;
const COMMENT_FROM = `FROM memorial_comments c
  LEFT JOIN comment_library l ON l.id = c.comment_library_id
  LEFT JOIN memorial_flowers f ON f.id = c.memorial_flower_id`;

/** Comments joined with their text and flower: raw SQL, as the rest of the comment reads. */
export async function listCommentsPage(m: EntityManager, query: AdminListQuery): Promise<Page<CommentRow>> {
  const where = ["c.approved = ?"];
  const params: unknown[] = [query.status === "approved" ? 1 : 0];
  if (query.beforeId) {
    where.push("c.id < ?");
    params.push(query.beforeId);
  }
  if (query.q) {
    where.push(`(c.id = ? OR c.commenter_name LIKE ? ESCAPE '\\' OR f.baby_first_name LIKE ? ESCAPE '\\')`);
    params.push(idOf(query.q), contains(query.q), contains(query.q));
  }
  const clause = `WHERE ${where.join(" AND ")}`;
  const [{ n }] = (await m.query(`SELECT count(*) AS n ${COMMENT_FROM} ${clause}`, params)) as [{ n: number }];
  const items: CommentRow[] = await m.query(`SELECT ${COMMENT_COLUMNS} ${COMMENT_FROM} ${clause} ORDER BY c.id DESC LIMIT ? OFFSET ?`, [
    ...params,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  ]);
  return { items, total: n };
}
