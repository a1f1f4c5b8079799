import { LessThan } from "typeorm";
import type { Database } from "../db";
import { SessionEntity } from "../entities/Session";

type SessionData = Record<string, unknown>;

/** koa-session's external store, kept in the sessions table: the cookie holds only a random id. */
export function databaseSessionStore(db: Database) {
  let lastSweep = 0;
  return {
    async get(key: string): Promise<SessionData | undefined> {
      const row = await db.run((m) => m.findOneBy(SessionEntity, { id: key }));
      if (!row || row.expiresAt < Date.now()) return undefined;
      return JSON.parse(row.data) as SessionData;
    },
    async set(key: string, session: SessionData, maxAge: number): Promise<void> {
      const expiresAt = Date.now() + (typeof maxAge === "number" ? maxAge : 86_400_000);
      await db.run(async (m) => {
        await m.upsert(SessionEntity, { id: key, data: JSON.stringify(session), expiresAt }, ["id"]);
        // Sweep expired sessions at most once an hour, riding on a write.
        if (Date.now() - lastSweep > 3_600_000) {
          lastSweep = Date.now();
          await m.delete(SessionEntity, { expiresAt: LessThan(Date.now()) });
        }
      });
    },
    async destroy(key: string): Promise<void> {
      await db.run((m) => m.delete(SessionEntity, { id: key }));
    },
  };
}
