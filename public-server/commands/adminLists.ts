import type { EntityManager } from "typeorm";
import type { AdminListQuery } from "../../shared/schemas/admin";
import { MemorialFlowerEntity, type MemorialFlower } from "../entities/MemorialFlower";
import { TestimonialEntity, type Testimonial } from "../entities/Testimonial";
import type { CommentRow } from "../presenters";
import { rowsInOrder } from "../queries";
import { countSearchedFlowers, flowerIdsPage, searchedFlowerIds } from "../queries/memorialFlowers";
import { testimonialIdsPage } from "../queries/testimonials";
import { commentsPage } from "../queries/memorialComments";
import { adminSearchMatch } from "./adminSearch";

/*
 * The admin lists, one page at a time: pending or approved, newest first,
 * searched in the names (or by ID) and, for flowers, filtered by type. The
 * (approved, id) and (approved, flower_type, id) indexes serve the ordering
 * and the filters (and `beforeId`, the page after the last id read); a flower search reads the admin's trigram index, the
 * other lists (hundreds of rows, not a garden) the names of one status.
 * A page's ids are chosen first, then only its rows are read.
 */

export interface Page<T> {
  items: T[];
  total: number;
}

const pageOf = (query: AdminListQuery) => ({ limit: query.pageSize, offset: (query.page - 1) * query.pageSize });

export async function listFlowersPage(m: EntityManager, query: AdminListQuery): Promise<Page<MemorialFlower>> {
  if (query.q) {
    const match = adminSearchMatch(query.q, query.status, query.type || undefined);
    // A search with nothing left once folded (a lone accent) finds nothing, as it always did.
    return match ? searchFlowersPage(m, match, query) : { items: [], total: 0 };
  }
  const filter = { approved: query.status === "approved", type: query.type || undefined, beforeId: query.beforeId };
  const { ids, total } = await flowerIdsPage(m, filter, pageOf(query));
  return { items: await rowsInOrder(m, MemorialFlowerEntity, ids), total };
}

/** A searched page, counted and chosen in the admin's trigram index; only the page's flowers are read. */
async function searchFlowersPage(m: EntityManager, match: string, query: AdminListQuery): Promise<Page<MemorialFlower>> {
  const page = pageOf(query);
  const ids = await searchedFlowerIds(m, match, query.beforeId, page);
  // A short last page already says how many there are (most searches find one page or less): count only otherwise.
  let total = page.offset + ids.length;
  if (ids.length === query.pageSize || (ids.length === 0 && page.offset > 0)) total = await countSearchedFlowers(m, match, query.beforeId);
  return { items: await rowsInOrder(m, MemorialFlowerEntity, ids), total };
}

export async function listTestimonialsPage(m: EntityManager, query: AdminListQuery): Promise<Page<Testimonial>> {
  const filter = { approved: query.status === "approved", beforeId: query.beforeId, search: query.q || undefined };
  const { ids, total } = await testimonialIdsPage(m, filter, pageOf(query));
  return { items: await rowsInOrder(m, TestimonialEntity, ids), total };
}

/** Comments joined with their text and flower. */
export function listCommentsPage(m: EntityManager, query: AdminListQuery): Promise<Page<CommentRow>> {
  return commentsPage(m, { approved: query.status === "approved", beforeId: query.beforeId, search: query.q || undefined }, pageOf(query));
}
