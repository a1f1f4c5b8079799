import type Router from "@koa/router";
import { createRouter } from "../../lib/router";
import { LoginInput } from "../../../shared/schemas/session";
import type { AppState, Services } from "../../context";
import { UserEntity } from "../../entities/User";
import { ApiError, Conflict, Forbidden, TooMany } from "../../errors";
import { parse } from "../../lib/validate";
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from "../../lib/password";
import { serverRegisterInput } from "../../lib/commonPasswords";
import { clearSecureSessionCookie } from "../../lib/sessionCookie";
import { minutes } from "../../middlewares/limits";
import { requireSignIn } from "../../middlewares/auth";
import { presentUser } from "../../presenters";
import { ErrorId } from "../../../shared/errors";
import { LOGGED_OUT_MESSAGE } from "../../../shared/messages";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET /user, POST /login, /register, /logout, /logout-everywhere. */
export function sessionRouter(s: Services): Router<AppState> {
  const router = createRouter();

  router.get("/user", requireSignIn(s), (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = presentUser(ctx.state.user!, s.config);
  });

  router.post("/login", async (ctx) => {
    const { username, password } = parse(LoginInput, ctx.request.body);
    const address = ctx.ip;
    // The attempt is counted before the password is checked (and given back if it succeeds), so
    // parallel requests cannot all slip under the limit: at most the limit are checked per window.
    // While an address is at the limit, even a correct password waits for the window to pass.
    const wait = s.loginLimiter.take(address);
    if (wait > 0) {
      s.log.info("sign_in_refused", { username, address, reason: "address_limit" });
      throw TooMany(`Too many sign-in attempts. Please wait ${minutes(wait)} and try again.`, wait);
    }
    // Per username, attempts past the first few are spaced out, ever more widely: slowed, never locked.
    const who = username.toLowerCase();
    const turn = s.loginSlowdown.book(who);
    if ("retryAfterSeconds" in turn) {
      s.log.info("sign_in_refused", { username, address, reason: "username_slowed" });
      throw TooMany(`Too many sign-in attempts for this account. Please wait ${seconds(turn.retryAfterSeconds)} and try again.`, turn.retryAfterSeconds);
    }
    if (turn.waitMs > 0) await sleep(turn.waitMs);

    const user = await s.db.read((_, m) => m.findOneBy(UserEntity, { username }));
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH, (ms) => (ctx.state.hashMs = ms));
    if (!user || !valid) {
      // Who and from where, never the password that was tried.
      s.log.info("sign_in_failed", { username, address });
      throw new ApiError(401, ErrorId.auth, "Invalid username or password");
    }
    s.loginLimiter.release(address);
    s.loginSlowdown.reset(who);
    // A hash made with older, weaker settings is replaced while the password is at hand; not while a
    // large write holds the database (the sign-in would wait for it): a later sign-in does it.
    if (needsRehash(user.passwordHash) && !s.db.largeWriteAhead) {
      const passwordHash = await hashPassword(password);
      await s.db.run((m) => m.update(UserEntity, { id: user.id }, { passwordHash }));
    }
    ctx.session!.userId = user.id;
    ctx.session!.signedInAt = Date.now();
    await ctx.session!.regenerate(); // a new id at sign-in: a planted session id is worth nothing
    ctx.body = presentUser(user, s.config);
  });

  router.post("/register", async (ctx) => {
    if (!s.config.registrationOpen) throw Forbidden("Registration is closed");
    const input = parse(await serverRegisterInput(), ctx.request.body);
    const wait = s.registrationLimiter.take(ctx.ip);
    if (wait > 0) throw TooMany(`We have received several sign-ups from your connection. Please try again in ${minutes(wait)}.`, wait);
    const passwordHash = await hashPassword(input.password);
    const user = await s.db.transaction(async (tx) => {
      if (await tx.findOneBy(UserEntity, { username: input.username })) throw Conflict("That username is already taken.");
      return tx.save(UserEntity, tx.create(UserEntity, { username: input.username, passwordHash, role: "user" }));
    });
    ctx.session!.userId = user.id;
    ctx.session!.signedInAt = Date.now();
    await ctx.session!.regenerate();
    ctx.status = 201;
    ctx.body = presentUser(user, s.config);
  });

  router.post("/logout", (ctx) => {
    ctx.session = null; // destroys the stored session and clears the cookie
    clearSecureSessionCookie(ctx);
    ctx.body = { message: LOGGED_OUT_MESSAGE };
  });

  // Ends every session of the signed-in account, on every browser and the desktop app, this one included.
  router.post("/logout-everywhere", requireSignIn(s), async (ctx) => {
    const user = ctx.state.user!;
    const ended = await s.sessions.endFor(user.id);
    s.log.info("signed_out_everywhere", { userId: user.id, sessions: ended });
    ctx.session = null;
    clearSecureSessionCookie(ctx);
    ctx.body = { message: "You have been signed out everywhere.", endedSessions: ended };
  });

  return router;
}

const seconds = (n: number) => (n <= 1 ? "a second" : `${n} seconds`);
