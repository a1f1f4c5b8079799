import { UserEntity, type User } from "../entities/User";
import type { Services } from "../context";
import type { Database } from "../db";
import { hashPassword } from "../lib/password";
import { RegisterInput } from "../../shared/schemas/session";

/** Creates a user, or sets a new password and role when the username exists. Answers what happened. */
export async function upsertUser(db: Database, username: string, password: string, role: "admin" | "user"): Promise<{ user: User; created: boolean }> {
  const input = RegisterInput.parse({ username, password });
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

/** On a database with no admin, makes one from ADMIN_USERNAME and ADMIN_PASSWORD when both are set. */
export async function ensureAdminFromEnv(s: Services): Promise<void> {
  const { adminUsername, adminPassword } = s.config;
  if (!adminUsername || !adminPassword) return;
  const admins = await s.db.run((m) => m.countBy(UserEntity, { role: "admin" }));
  if (admins > 0) return;
  await upsertUser(s.db, adminUsername, adminPassword, "admin");
  s.log.info("admin_created_from_environment", { username: adminUsername });
}
