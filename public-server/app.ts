import Koa from "koa";
import Router from "@koa/router";
import { bodyParser } from "@koa/bodyparser";
import compress from "koa-compress";
import session from "koa-session";
import type { ServerConfig } from "./config";
import type { AppState, DomainHook, Services } from "./context";
import { openDatabase } from "./db";
import { createLogger, type Logger } from "./lib/log";
import { PublicCache } from "./lib/publicCache";
import { RateLimiter } from "./lib/rateLimiter";
import { sessionSecret } from "./lib/secret";
import { databaseSessionStore } from "./lib/sessionStore";
import { SiteConfigStore } from "./lib/siteConfig";
import { errorHandler } from "./middlewares/errors";
import { requestLog } from "./middlewares/requestLog";
import { sameOriginWrites, securityHeaders } from "./middlewares/security";
import { requireAdmin } from "./middlewares/auth";
import { publicRouter } from "./api/public/router";
import { sessionRouter } from "./api/session/router";
import { adminRouters } from "./api/admin";
import { hookFactories, workerFactories, type Worker } from "./hooks";
import { siteHandler } from "./site";
import { ensureAdminFromEnv } from "./commands/users";

/**
 * Paths whose bodies may be a whole garden's CSV data: up to 40 MB (about
 * 250,000 rows), read only once the sender is known to be a signed-in
 * administrator. Every other body is held to about 1 MB.
 */
const CSV_PATHS = /^\/api\/admin\/memorial-flowers\/(bulk-upload|bulk-update|reset-and-import)$/;
const CSV_JSON_LIMIT = "40mb";

export interface ServerParts {
  app: Koa<AppState>;
  services: Services;
  /** Stops background work and closes the database (after the HTTP server stopped taking requests). */
  close(): Promise<void>;
}

/** Builds the Koa app and everything behind it; does not listen (see main.ts). */
export async function createServer(config: ServerConfig, extraHooks: DomainHook[] = [], log: Logger = createLogger(config.logLevel)): Promise<ServerParts> {
  const db = await openDatabase(config.databasePath);
  const hooks: DomainHook[] = [...extraHooks];
  const services: Services = {
    config,
    db,
    log,
    cache: new PublicCache(),
    site: new SiteConfigStore(config.siteConfigPath, log),
    loginLimiter: new RateLimiter(config.loginMaxFailures, config.loginWindowMs),
    submissionLimiter: new RateLimiter(config.submissionsPerHour, 3_600_000),
    hooks,
    async emit(tx, event) {
      for (const hook of hooks) await hook(tx, event);
    },
  };
  hooks.push(...hookFactories.map((make) => make(services)));
  await ensureAdminFromEnv(services);

  const app = new Koa<AppState>({ proxy: config.trustProxy > 0, maxIpsCount: config.trustProxy });
  app.keys = [sessionSecret(config.sessionSecret, config.dataDir)];
  app.silent = true; // errors are logged by errorHandler, without stacks in answers

  app.use(requestLog(log));
  app.use(errorHandler(log));
  app.use(securityHeaders(() => donationOrigin(services)));
  app.use(compress({ threshold: 1024 }));
  app.use(
    session(
      {
        key: "garden.sid",
        maxAge: config.sessionMaxAgeMs,
        httpOnly: true,
        sameSite: "lax",
        signed: true,
        rolling: false,
        renew: true,
        // `secure` is left unset on purpose: the cookies library then marks the cookie Secure
        // exactly when the request came over TLS (directly, or through a trusted proxy).
        store: databaseSessionStore(db),
      },
      app as unknown as Koa,
    ),
  );

  const api = new Router<AppState>({ prefix: "/api" });
  api.use(sameOriginWrites(config.allowedOrigins));
  const adminOnly = requireAdmin(services);
  const smallBodies = bodyParser({ enableTypes: ["json"], jsonLimit: "1mb", encoding: "utf-8" });
  const csvBodies = bodyParser({ enableTypes: ["json"], jsonLimit: CSV_JSON_LIMIT, encoding: "utf-8" });
  api.use(async (ctx, next) => {
    if (!CSV_PATHS.test(ctx.path)) return smallBodies(ctx as never, next);
    return adminOnly(ctx, () => csvBodies(ctx as never, next));
  });
  api.use(sessionRouter(services).routes());
  api.use(publicRouter(services).routes());
  const admin = new Router<AppState>({ prefix: "/admin" });
  admin.use(requireAdmin(services));
  for (const make of adminRouters) admin.use(make(services).routes());
  api.use(admin.routes());
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: true }));
  app.use(siteHandler(config, services));

  const workers: Worker[] = workerFactories.map((make) => make(services));

  return {
    app,
    services,
    async close() {
      await Promise.all(workers.map((w) => w.stop()));
      await db.close();
    },
  };
}

function donationOrigin(s: Services): string | null {
  try {
    return new URL(s.site.get().donationUrl).origin;
  } catch {
    return null;
  }
}
