import { LessThan } from "typeorm";
import type { Database } from "../db";
import { SessionEntity } from "../entities/Session";
import { findById } from "./byId";

type SessionData = Record<string, unknown>;

/**
 * koa-session's external store, kept in the sessions table: the cookie holds only a random id.
 *
 * A signed-in session carries `signedInAt`. Renewal keeps an active session
 * going, but never past `absoluteMs` after that sign-in: then it is deleted
 * and the person signs in again. A signed-in session without the mark (made
 * before the mark existed) is treated as ended.
 */
export function databaseSessionStore(db: Database, absoluteMs: number) {
  let lastSweep = 0;
  const ended = (session: SessionData, now: number) =>
    session.userId !== undefined && (typeof session.signedInAt !== "number" || now - session.signedInAt >= absoluteMs);
  return {
    async get(key: string): Promise<SessionData | undefined> {
      const row = await db.run((m) => findById(m, SessionEntity, key));
      const now = Date.now();
      if (!row || row.expiresAt < now) return undefined;
      const session = JSON.parse(row.data) as SessionData;
      if (ended(session, now)) {
        await db.run((m) => m.delete(SessionEntity, { id: key }));
        return undefined;
      }
      return session;
    },
    async set(key: string, session: SessionData, maxAge: number): Promise<void> {
      const now = Date.now();
      let expiresAt = now + (typeof maxAge === "number" ? maxAge : 86_400_000);
      if (typeof session.signedInAt === "number") expiresAt = Math.min(expiresAt, session.signedInAt + absoluteMs);
      await db.run(async (m) => {
        await m.upsert(SessionEntity, { id: key, data: JSON.stringify(session), expiresAt }, ["id"]);
        // Sweep expired sessions at most once an hour, riding on a write.
        if (now - lastSweep > 3_600_000) {
          lastSweep = now;
          await m.delete(SessionEntity, { expiresAt: LessThan(now) });
        }
      });
    },
    async destroy(key: string): Promise<void> {
      await db.run((m) => m.delete(SessionEntity, { id: key }));
    },
  };
}
