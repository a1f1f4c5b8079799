import { z } from "./zod";
import { LIMITS } from "../constants";

/** POST /api/login. */
export const LoginInput = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(LIMITS.username, "Username is too long"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(LIMITS.passwordMax, "Password is too long"),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** The sentence for a password found in the list of most common passwords. */
export const COMMON_PASSWORD_MESSAGE =
  "This password is one of the most common and easy to guess. Please choose another: a few unrelated words make a strong one.";

/**
 * A new password (registration, a password change): at least 12 characters.
 * The server also refuses the most common passwords; that list is large, so
 * it lives on the server only and is passed in with `newPasswordField(isCommon)`.
 */
export const newPasswordField = (isCommon?: (password: string) => boolean) => {
  const field = z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);
  return isCommon ? field.refine((password) => !isCommon(password), COMMON_PASSWORD_MESSAGE) : field;
};

const usernameField = z
  .string({ error: "Username is required" })
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(LIMITS.username, "Username is too long")
  .regex(/^[A-Za-z0-9._-]+$/, "Username may use letters, numbers, dots, dashes and underscores");

/** POST /api/register: a plain user account, when registration is open. */
export const registerInput = (isCommon?: (password: string) => boolean) => z.object({ username: usernameField, password: newPasswordField(isCommon) });
export const RegisterInput = registerInput();
export type RegisterInput = z.infer<typeof RegisterInput>;

/** What the session exposes about the signed-in person (GET /api/user). */
export const SessionUserDto = z.object({
  id: z.number().int().nonnegative(),
  username: z.string(),
  role: z.string(),
  /** Administrators only: the rows a reset-and-import must have, as this server is set (its previews check the same). */
  expectedImportCount: z.number().int().positive().optional(),
});
export type SessionUserDto = z.infer<typeof SessionUserDto>;

/** A sign-out's answer; signing out everywhere also counts the sessions it ended. */
export const SignedOutDto = z.object({ message: z.string(), endedSessions: z.number().int().nonnegative().optional() });
