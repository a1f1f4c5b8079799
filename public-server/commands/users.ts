import { UserEntity, type User } from "../entities/User";
import type { Services } from "../context";
import type { Database } from "../db";
import { hashPassword } from "../lib/password";
import { serverRegisterInput } from "../lib/commonPasswords";
import type { SessionFile } from "../database/sessionStore";

/** Creates a user, or sets a new password and role when the username exists. Answers what happened. */
export async function upsertUser(db: Database, username: string, password: string, role: "admin" | "user"): Promise<{ user: User; created: boolean }> {
  const input = (await serverRegisterInput()).parse({ username, password });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const existing = await tx.findOneBy(UserEntity, { username: input.username });
    if (existing) {
      const user = await tx.save(UserEntity, Object.assign(existing, { passwordHash, role }));
      return { user, created: false };
    }
    const user = await tx.save(UserEntity, tx.create(UserEntity, { username: input.username, passwordHash, role }));
    return { user, created: true };
  });
}

/**
 * Sets a new password for an existing account (`npm run admin -- passwd NAME`)
 * and ends all of that account's sessions, wherever they were signed in.
 * The sessions live in a file of their own, so they are deleted (and that
 * committed) before the password change commits: a crash between the two
 * leaves the old password with no session, never the new password with the
 * old sessions still valid. Answers how many sessions were ended; throws
 * when there is no such account.
 */
export async function changePassword(db: Database, sessions: SessionFile, username: string, password: string): Promise<{ user: User; endedSessions: number }> {
  const input = (await serverRegisterInput()).parse({ username, password });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const user = await tx.findOneBy(UserEntity, { username: input.username });
    if (!user) throw new Error(`There is no account named "${input.username}".`);
    await tx.update(UserEntity, { id: user.id }, { passwordHash });
    return { user, endedSessions: await sessions.endFor(user.id) };
  });
}

/** On a database with no admin, makes one from ADMIN_USERNAME and ADMIN_PASSWORD when both are set. */
export async function ensureAdminFromEnv(s: Services): Promise<void> {
  const { adminUsername, adminPassword } = s.config;
  if (!adminUsername || !adminPassword) return;
  const admins = await s.db.read((_, m) => m.countBy(UserEntity, { role: "admin" }));
  if (admins > 0) return;
  await upsertUser(s.db, adminUsername, adminPassword, "admin");
  s.log.info("admin_created_from_environment", { username: adminUsername });
}
