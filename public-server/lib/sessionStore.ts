import { LessThan } from "typeorm";
import { z } from "zod";
import type { Database } from "../db";
import { SessionEntity } from "../entities/Session";
import { findById } from "./byId";

/** What koa-session stores: our fields are checked, its own (expiry bookkeeping) pass through. */
const SessionData = z.looseObject({ userId: z.number().int().optional(), signedInAt: z.number().optional() });
type SessionData = z.infer<typeof SessionData>;

/** A stored session as data; a row that does not read as one is treated as no session at all. */
function readSession(text: string): SessionData | undefined {
  try {
    const parsed = SessionData.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

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
      // Read on every request that carries a cookie: never behind a write (see Database.read).
      const row = await db.read((_, m) => findById(m, SessionEntity, key));
      const now = Date.now();
      if (!row || row.expiresAt < now) return undefined;
      const session = readSession(row.data);
      if (!session || ended(session, now)) {
        // Treated as no session from now on; the row goes when the queue gets to it (or at the next sweep).
        db.run((m) => m.delete(SessionEntity, { id: key })).catch(() => undefined);
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
