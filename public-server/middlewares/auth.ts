import type { Middleware, ParameterizedContext } from "koa";
import type { AppState, Services } from "../context";
import { UserEntity } from "../entities/User";
import { Forbidden, NotSignedIn } from "../errors";

/** The signed-in user (by the id kept in the server-side session), or null. */
export async function signedInUser(s: Services, ctx: ParameterizedContext<AppState>) {
  const userId = ctx.session?.userId;
  return typeof userId === "number" ? await s.db.run((m) => m.findOneBy(UserEntity, { id: userId })) : null;
}

/** Loads the signed-in user into ctx.state.user, or answers 401. */
export function requireSignIn(s: Services): Middleware<AppState> {
  return async (ctx, next) => {
    const user = await signedInUser(s, ctx);
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
