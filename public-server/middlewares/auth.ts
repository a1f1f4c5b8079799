import type { Middleware, ParameterizedContext } from "koa";
import type Router from "@koa/router";
import type { AppState, Services } from "../context";
import { UserEntity } from "../entities/User";
import { Forbidden, NotSignedIn } from "../errors";
import { findById } from "../lib/byId";

/** The signed-in user (by the id kept in the server-side session), or null. */
export async function signedInUser(s: Services, ctx: ParameterizedContext<AppState>) {
  const userId = ctx.session?.userId;
  return typeof userId === "number" ? await s.db.read((_, m) => findById(m, UserEntity, userId)) : null;
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

const ADMIN_GUARD = Symbol("admin guard");

/** Admin calls: 401 signed out, 403 signed in without role admin. */
export function requireAdmin(s: Services): Middleware<AppState> {
  const signedIn = requireSignIn(s);
  const guard: Middleware<AppState> = (ctx, next) => {
    // Both the /admin prefix and the route itself carry this guard: the second finds the admin already loaded.
    if (ctx.state.adminChecked) return next();
    return signedIn(ctx, async () => {
      if (ctx.state.user?.role !== "admin") throw Forbidden("This area is restricted to administrators only.");
      ctx.state.adminChecked = true;
      await next();
    });
  };
  return Object.assign(guard, { [ADMIN_GUARD]: true });
}

/** Puts `guard` first on every route of `router` itself, so the route is guarded however it is mounted. */
export function guardEachRoute(router: Router<AppState>, guard: Middleware<AppState>): Router<AppState> {
  for (const layer of router.stack) if (layer.methods.length) layer.stack.unshift(guard as never);
  return router;
}

/** Fails at start when a route under `prefix` does not begin with an admin guard. */
export function assertAdminGuarded(router: Router<AppState>, prefix: string): void {
  for (const layer of router.stack) {
    if (!layer.methods.length || !String(layer.path).startsWith(prefix)) continue;
    if (!(ADMIN_GUARD in (layer.stack[0] ?? {})))
      throw new Error(`The admin route ${layer.methods.join(",")} ${String(layer.path)} has no admin guard of its own.`);
  }
}
