import { z } from "./zod";
import { LIMITS } from "../constants";

/** POST /api/login (SPEC §5 Login). */
export const LoginInput = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(LIMITS.username, "Username is too long"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(LIMITS.passwordMax, "Password is too long"),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** POST /api/register: a plain user account, when registration is open. */
export const RegisterInput = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(3, "Username must be at least 3 characters")
    .max(LIMITS.username, "Username is too long")
    .regex(/^[A-Za-z0-9._-]+$/, "Username may use letters, numbers, dots, dashes and underscores"),
  password: z
    .string({ error: "Password is required" })
    .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
    .max(LIMITS.passwordMax, "Password is too long"),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const ROLES = ["admin", "user"] as const;
export type Role = (typeof ROLES)[number];

/** What the session exposes about the signed-in person (GET /api/user). */
export interface SessionUserDto {
  id: number;
  username: string;
  role: string;
}
