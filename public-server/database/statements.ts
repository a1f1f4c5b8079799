import type BetterSqlite3 from "better-sqlite3";

/**
 * Distinct SQL texts whose statements each connection keeps: TypeORM's own
 * cache (`statementCacheSize`) for what goes through its manager, and
 * keptStatements for the SQL a read prepares itself. Prepared once and kept
 * for the life of the connection instead of prepared again for every query:
 * a statement dropped after each use costs a parse every time and leaves
 * finalising it to the garbage collector, which with better-sqlite3 12 on
 * Node 24 could abort the process and with 13 lets native memory grow under
 * a stream of requests. Every value is bound (LIMIT and OFFSET too), so the
 * app has a few hundred texts; past the bound, the oldest is let go.
 */
export const KEPT_STATEMENTS = 2000;

/** What a read prepares its SQL on (see `read`): each text prepared once per connection, and kept. */
export type Statements = Pick<BetterSqlite3.Database, "prepare" | "readonly">;

const kept = new WeakMap<BetterSqlite3.Database, Statements>();

export function keptStatements(db: BetterSqlite3.Database): Statements {
  let statements = kept.get(db);
  if (!statements) {
    const byText = new Map<string, BetterSqlite3.Statement>();
    statements = {
      readonly: db.readonly,
      prepare: ((sql: string) => {
        let statement = byText.get(sql);
        if (!statement) {
          statement = db.prepare(sql);
          byText.set(sql, statement);
          if (byText.size > KEPT_STATEMENTS) byText.delete(byText.keys().next().value!);
        }
        return statement;
      }) as Statements["prepare"],
    };
    kept.set(db, statements);
  }
  return statements;
}
