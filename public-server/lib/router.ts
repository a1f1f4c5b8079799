import Router from "@koa/router";
import type { AppState } from "../context";

/**
 * Every router of the server. Matching is case-sensitive and strict about
 * the trailing slash, exactly like the prefix guards that @koa/router's
 * `use()` installs: a route and its guard can never disagree on a path.
 */
export const ROUTER_OPTIONS = { sensitive: true, strict: true } as const;

/** True for /api and everything below it: those paths never fall through to the site. */
export const isApiPath = (p: string) => p === "/api" || p.startsWith("/api/");

export function createRouter(options: { prefix?: string } = {}): Router<AppState> {
  return new Router<AppState>({ ...ROUTER_OPTIONS, ...options });
}

/** Fails at start when a route of `router` would match a path in another case (a router made without createRouter). */
export function assertExactRouting(router: Router<AppState>): void {
  for (const layer of router.stack) {
    if (layer.regexp.flags.includes("i")) {
      throw new Error(`The route ${layer.methods.join(",")} ${String(layer.path)} matches paths in any case: make its router with createRouter().`);
    }
  }
}
