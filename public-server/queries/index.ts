import { In, type EntityManager, type EntitySchema, type ObjectLiteral } from "typeorm";

/**
 * What a query module runs SQL on: `?` parameters, on TypeORM's connection
 * (a transaction's manager, or the read-only connection's) or on the
 * database thread's (writer/databaseThread.ts). Every value is bound, never
 * written into the SQL text (LIMIT and OFFSET too): each text is prepared
 * once and kept in the driver's statement cache.
 */
export type Queries = Pick<EntityManager, "query">;

/** A page of rows chosen by id: `ids` in their order, read through the entity (so its column transformers apply). */
export async function rowsInOrder<T extends ObjectLiteral & { id: number }>(m: EntityManager, entity: EntitySchema<T>, ids: number[]): Promise<T[]> {
  if (!ids.length) return [];
  const rows = await m.findBy(entity, { id: In(ids) } as never);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One page of ids and how many match, for the admin lists. */
export interface IdPage {
  ids: number[];
  total: number;
}

/** `%text%` for LIKE, with LIKE's own wildcards taken literally. */
export const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** A search that is a whole number may be an ID; -1 matches none. */
export const idOf = (q: string) => (/^\d{1,15}$/.test(q) ? Number(q) : -1);

/**
 * Counts and picks one page of `SELECT id FROM <from> WHERE <where>`, newest
 * first, with every value bound.
 */
export async function idPage(q: Queries, from: string, where: string[], params: unknown[], page: { limit: number; offset: number }): Promise<IdPage> {
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [{ n }] = await q.query<[{ n: number }]>(`SELECT count(*) AS n FROM ${from} ${clause}`, params);
  const rows = await q.query<{ id: number }[]>(`SELECT id FROM ${from} ${clause} ORDER BY id DESC LIMIT ? OFFSET ?`, [...params, page.limit, page.offset]);
  return { ids: rows.map((r) => r.id), total: n };
}

/** What the moderation of one item checks before it changes it: whether it is live, and its version. */
export interface ModerationState {
  approved: number;
  version: number;
}
