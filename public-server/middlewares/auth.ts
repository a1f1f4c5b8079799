import type { Middleware } from "koa";
import type { AppState, Services } from "../context";
import { UserEntity } from "../entities/User";
import { Forbidden, NotSignedIn } from "../errors";

/** Loads the signed-in user (by the id kept in the server-side session) into ctx.state.user, or answers 401. */
export function requireSignIn(s: Services): Middleware<AppState> {
  return async (ctx, next) => {
    const userId = ctx.session?.userId;
    const user = typeof userId === "number" ? await s.db.run((m) => m.findOneBy(UserEntity, { id: userId })) : null;
    if (!user) throw NotSignedIn();
    ctx.state.user = user;
    await next();
  };
}

/** Admin calls: 401 signed out, 403 signed in without role admin. */
export function requireAdmin(s: Services): Middleware<AppState> {
  const signedIn = requireSignIn(s);
  return (ctx, next) =>
    signedIn(ctx, async () => {
      if (ctx.state.user?.role !== "admin") throw Forbidden("This area is restricted to administrators only.");
      await next();
    });
}
