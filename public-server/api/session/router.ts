import Router from "@koa/router";
import { LoginInput, RegisterInput } from "../../../shared/schemas/session";
import type { AppState, Services } from "../../context";
import { UserEntity } from "../../entities/User";
import { ApiError, Conflict, Forbidden, TooMany } from "../../errors";
import { parse } from "../../lib/http";
import { DUMMY_HASH, hashPassword, verifyPassword } from "../../lib/password";
import { minutes } from "../../middlewares/limits";
import { requireSignIn } from "../../middlewares/auth";
import { presentUser } from "../../presenters";
import { ErrorId } from "../../../shared/errors";

/** GET /user, POST /login, /register, /logout (SPEC §7 Session). */
export function sessionRouter(s: Services): Router<AppState> {
  const router = new Router<AppState>();

  router.get("/user", requireSignIn(s), (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = presentUser(ctx.state.user!);
  });

  router.post("/login", async (ctx) => {
    // While an address is over the failed-login limit, even a correct password waits for the window to pass.
    const wait = s.loginLimiter.retryAfter(ctx.ip);
    if (wait > 0) throw TooMany(`Too many sign-in attempts. Please wait ${minutes(wait)} and try again.`, wait);
    const { username, password } = parse(LoginInput, ctx.request.body);
    const user = await s.db.run((m) => m.findOneBy(UserEntity, { username }));
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !valid) {
      s.loginLimiter.hit(ctx.ip);
      throw new ApiError(401, ErrorId.auth, "Invalid username or password");
    }
    ctx.session!.userId = user.id;
    await ctx.session!.regenerate(); // a new id at sign-in: a planted session id is worth nothing
    ctx.body = presentUser(user);
  });

  router.post("/register", async (ctx) => {
    if (!s.config.registrationOpen) throw Forbidden("Registration is closed");
    const input = parse(RegisterInput, ctx.request.body);
    const passwordHash = await hashPassword(input.password);
    const user = await s.db.transaction(async (tx) => {
      if (await tx.findOneBy(UserEntity, { username: input.username })) throw Conflict("That username is already taken.");
      return tx.save(UserEntity, tx.create(UserEntity, { username: input.username, passwordHash, role: "user" }));
    });
    ctx.session!.userId = user.id;
    await ctx.session!.regenerate();
    ctx.status = 201;
    ctx.body = presentUser(user);
  });

  router.post("/logout", (ctx) => {
    ctx.session = null; // destroys the stored session and clears the cookie
    ctx.body = { message: "You have been logged out successfully" };
  });

  return router;
}
