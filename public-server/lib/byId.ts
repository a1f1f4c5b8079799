import type { EntityManager, EntitySchema, ObjectLiteral } from "typeorm";

/**
 * One row by its primary key, with the key as a bound parameter.
 *
 * TypeORM's findOneBy writes a primary key's value into the SQL text itself,
 * so every distinct id prepares a new SQLite statement. On paths a visitor
 * can vary (any flower id, any cookie) that means one statement per request,
 * and statements are native memory the server would hold or leak; with a
 * parameter the statement is prepared once and reused.
 */
export function findById<T extends ObjectLiteral>(
  m: EntityManager,
  entity: EntitySchema<T>,
  id: number | string,
  where: Partial<Record<keyof T & string, number | boolean | string>> = {},
): Promise<T | null> {
  const query = m.createQueryBuilder(entity, "row").where("row.id = :id", { id });
  for (const [column, value] of Object.entries(where)) query.andWhere(`row.${column} = :${column}`, { [column]: value });
  return query.getOne();
}
