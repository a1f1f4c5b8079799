import type { EntityManager } from "typeorm";

/**
 * What a hook may do in the transaction it is given: SQL with `?` parameters,
 * on TypeORM's connection or on the large-write thread's (writer/gardenWriter.ts).
 * A module of its own: the database layer and the thread use it, and the
 * services' types (context.ts) are built on the database layer.
 */
export type Queries = Pick<EntityManager, "query">;
