import path from "node:path";
import Koa from "koa";
import { bodyParser } from "@koa/bodyparser";
import { lengthChecked } from "./middlewares/limits";
import compress from "koa-compress";
import session from "koa-session";
import type { ServerConfig } from "./config";
import type { Database } from "./db";
import type { AppState, DomainHook, Services, Worker } from "./context";
import { openDatabase } from "./db";
import { READ_ONLY_HELP } from "./database/failures";
import { removePartialBackups } from "./database/backupCopy";
import { createLogger, type Logger } from "./lib/log";
import { dataFolderProblem, storageState } from "./lib/storageHealth";
import { PublicCache } from "./lib/publicCache";
import { RateLimiter } from "./lib/rateLimiter";
import { Slowdown } from "./lib/slowdown";
import { assertExactRouting, createRouter, isApiPath } from "./lib/router";
import { sessionCookieKey, SESSION_COOKIE } from "./lib/sessionCookie";
import { requestShape } from "./middlewares/requestShape";
import { sessionSecret } from "./lib/secret";
import { fileSessionStore, SessionFile } from "./database/sessionStore";
import { IntakeFile } from "./database/intake";
import { SiteConfigStore } from "./lib/siteConfig";
import { errorHandler } from "./middlewares/errors";
import { requestLog } from "./middlewares/requestLog";
import { closeAfterUnreadBodies } from "./middlewares/unreadBodies";
import { sameOriginWrites, securityHeaders } from "./middlewares/security";
import { assertAdminGuarded, guardEachRoute, requireAdmin } from "./middlewares/auth";
import { publicRouter } from "./api/public/router";
import { sessionRouter } from "./api/session/router";
import { adminRouters } from "./api/admin";
import { commitListenerFactories, hookFactories, workerFactories } from "./hooks";
import { siteHandler } from "./servePages";
import { familyPages } from "./family/routes";
import { notesPages } from "./family/notes";
import { ensureAdminFromEnv } from "./commands/users";
import { removeLeftUploads } from "./commands/importFlowers";
import { acquireDatabaseLock } from "./operations/serverLock";
import { ensurePrivateDir } from "./lib/privateFiles";
import { BULK_BODY_LIMIT } from "../shared/constants";

/**
 * Paths whose bodies may be a whole garden's CSV data: up to 40 MB (about
 * 250,000 rows), read only once the sender is known to be a signed-in
 * administrator. Every other body is held to about 1 MB.
 */
const CSV_PATHS = /^\/api\/admin\/memorial-flowers\/(bulk-upload|bulk-update|reset-and-import|duplicates)$/;
const CSV_JSON_LIMIT = BULK_BODY_LIMIT.bytes;
/** Any other JSON body: far more than the longest form or admin change needs. */
const JSON_LIMIT = 1024 * 1024;
/**
 * Of those, the paths whose route reads the body itself, as a stream to a
 * file that a thread of its own parses and checks (see withBodyFile): the
 * CSV file itself, or rows as JSON, which parsed and checked here held the
 * event loop for half a second at 100,000 rows. (A wrong method gets 405
 * without its body being read.)
 */
const STREAMED_PATHS = /^\/api\/admin\/memorial-flowers\/(bulk-upload|bulk-update|reset-and-import|duplicates)$/;

export interface ServerParts {
  app: Koa<AppState>;
  services: Services;
  /** Stops background work (the email in hand is finished and recorded); the database stays open. */
  quiesce(): Promise<void>;
  /** Stops background work and closes the database (after the HTTP server stopped taking requests). */
  close(): Promise<void>;
}

/** Builds the Koa app and everything behind it; does not listen (see main.ts). */
export async function createServer(config: ServerConfig, extraHooks: DomainHook[] = [], log: Logger = createLogger(config.logLevel)): Promise<ServerParts> {
  // Taken before the database is opened: a second server on the same database stops here, and leaves the first's lock alone.
  const releaseLock = holdDatabase(config.databasePath);
  try {
    return await assemble(config, extraHooks, log, releaseLock);
  } catch (err) {
    releaseLock();
    throw err;
  }
}

/** Takes the database's lock (operations/serverLock.ts) for this server, or says who holds it. */
function holdDatabase(databasePath: string): () => void {
  let lock;
  try {
    ensurePrivateDir(path.dirname(databasePath));
    lock = acquireDatabaseLock(databasePath, "server");
  } catch (err) {
    if (!(err as NodeJS.ErrnoException).code) throw err;
    const sentence = dataFolderProblem(err, path.dirname(databasePath));
    if (sentence) throw new Error(sentence);
    throw new Error(
      `The server could not write its lock file beside the database (${databasePath}.pid): ${(err as Error).message}. ` +
        "Make the data folder writable by the user that runs the server, on a disk with free space.",
    );
  }
  if (lock.ok) return lock.release;
  const { holder } = lock;
  throw new Error(
    holder.role === "server"
      ? `Another server is already running on the database ${databasePath} (process ${holder.pid}, started ${holder.startedAt}). Stop it first, or give this one a DATA_DIR of its own.`
      : `A restore is replacing the database ${databasePath} (process ${holder.pid}). Start the server once it has finished.`,
  );
}

async function assemble(config: ServerConfig, extraHooks: DomainHook[], log: Logger, releaseLock: () => void): Promise<ServerParts> {
  const db = await openDatabase(config.databasePath, log);
  const sessions = SessionFile.open(config.databasePath);
  const intake = IntakeFile.open(config.databasePath);
  await reportStorage(config, db, log);
  const hooks: DomainHook[] = [...extraHooks];
  const clock = () => config.now().getTime();
  const services: Services = {
    config,
    db,
    sessions,
    intake,
    log,
    cache: new PublicCache(),
    site: new SiteConfigStore(config.siteConfigPath, log, undefined, { assistanceRetentionDays: config.assistanceRetentionDays }),
    loginLimiter: new RateLimiter(config.loginMaxFailures, config.loginWindowMs, undefined, clock),
    loginSlowdown: new Slowdown({
      free: config.loginSlowdownAfter,
      windowMs: config.loginWindowMs,
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      maxWaitMs: 10_000,
      now: clock,
    }),
    importKeyLimiter: new RateLimiter(config.importKeyMaxFailures, 3_600_000, undefined, clock),
    registrationLimiter: new RateLimiter(config.registrationsPerHour, 3_600_000, undefined, clock),
    submissionLimiter: new RateLimiter(config.submissionsPerHour, 3_600_000, undefined, clock),
    refusedSubmissionLimiter: new RateLimiter(config.refusedSubmissionsPerHour, 3_600_000, undefined, clock),
    hooks,
    afterCommit: [],
    background: [],
    async emit(tx, event) {
      for (const hook of hooks) await hook(tx, event);
      for (const listener of services.afterCommit) db.afterCommit(() => listener(event));
    },
  };
  hooks.push(...hookFactories.map((make) => make(services)));
  services.afterCommit.push(...commitListenerFactories.map((make) => make(services)));
  await ensureAdminFromEnv(services);

  const app = new Koa<AppState>({ proxy: config.trustProxy > 0, maxIpsCount: config.trustProxy });
  app.keys = [sessionSecret(config.sessionSecret, config.dataDir)];
  app.silent = true; // errors are logged by errorHandler, without stacks in answers

  app.use(requestLog(log));
  app.use(closeAfterUnreadBodies());
  app.use(errorHandler(log));
  app.use(securityHeaders(() => donationOrigin(services)));
  app.use(requestShape());
  app.use(compress({ threshold: 1024 }));
  // Pages and built files go straight to the site: they read no session, and the API's routes need not be tried on them.
  // A family's manage page has its own signed cookie and forms, and never reaches the page renderer.
  app.use(notesPages(services));
  app.use(familyPages(config, services));
  const site = siteHandler(config, services);
  app.use((ctx, next) => (isApiPath(ctx.path) ? next() : site(ctx, next)));
  app.use(
    session(
      {
        key: SESSION_COOKIE,
        // The id is read and written under "__Host-garden.sid" when the request came over TLS (see sessionCookie.ts).
        externalKey: sessionCookieKey({ maxAge: config.sessionMaxAgeMs }),
        maxAge: config.sessionMaxAgeMs,
        httpOnly: true,
        sameSite: "lax",
        signed: true,
        rolling: false,
        renew: true,
        // `secure` is left unset on purpose: the cookies library then marks the cookie Secure
        // exactly when the request came over TLS (directly, or through a trusted proxy).
        store: fileSessionStore(sessions, config.sessionAbsoluteMs),
      },
      app as unknown as Koa,
    ),
  );

  const api = createRouter({ prefix: "/api" });
  api.use(sameOriginWrites(config.allowedOrigins));
  const adminOnly = requireAdmin(services);
  const smallBodies = lengthChecked(bodyParser({ enableTypes: ["json"], jsonLimit: JSON_LIMIT, encoding: "utf-8" }), JSON_LIMIT);
  const csvBodies = lengthChecked(bodyParser({ enableTypes: ["json"], jsonLimit: CSV_JSON_LIMIT, encoding: "utf-8" }), CSV_JSON_LIMIT);
  api.use(async (ctx, next) => {
    if (!CSV_PATHS.test(ctx.path)) return smallBodies(ctx, next);
    if (STREAMED_PATHS.test(ctx.path)) return adminOnly(ctx, next);
    return adminOnly(ctx, () => csvBodies(ctx, next));
  });
  api.use(sessionRouter(services).routes());
  api.use(publicRouter(services).routes());
  const admin = createRouter({ prefix: "/admin" });
  const adminGuard = requireAdmin(services);
  admin.use(adminGuard);
  // Each admin route also carries the guard itself: it holds even if a route were ever mounted elsewhere.
  for (const make of adminRouters) admin.use(guardEachRoute(make(services), adminGuard).routes());
  api.use(admin.routes());
  assertExactRouting(api);
  assertAdminGuarded(api, "/api/admin");
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: true }));

  const workers: Worker[] = [...services.background, ...workerFactories.map((make) => make(services))];
  let quiesced: Promise<void> | undefined;
  const quiesce = () => (quiesced ??= Promise.all(workers.map((w) => w.stop())).then(() => undefined));

  return {
    app,
    services,
    quiesce,
    async close() {
      await quiesce();
      await db.close();
      sessions.close();
      intake.close();
      releaseLock();
    },
  };
}

/**
 * Says plainly at start what would otherwise show only as failed writes: a
 * read-only or full database (the server still starts, so the public pages
 * and lists stay up, and /api/health answers 503). Also removes backups a
 * crash left half-written.
 */
async function reportStorage(config: ServerConfig, db: Database, log: Logger): Promise<void> {
  const removed = removePartialBackups(config.backupDir);
  if (removed) log.info("partial_backups_removed", { count: removed, dir: config.backupDir });
  const uploads = removeLeftUploads(config.dataDir);
  if (uploads) log.info("unfinished_uploads_removed", { count: uploads });
  const state = await storageState(db, config.databasePath);
  if (state === "writable" || state === "busy") return;
  const sentence =
    state === "read-only"
      ? `The database ${config.databasePath} is read-only: the site will show what it holds, but every submission and every change will fail. ${READ_ONLY_HELP}`
      : `The disk holding ${config.databasePath} is full: the site will show what it holds, but every submission and every change will fail until some space is freed.`;
  log.error(state === "read-only" ? "database_read_only" : "database_full", { database: config.databasePath, note: sentence });
  process.stderr.write(`${sentence}\n`);
}

function donationOrigin(s: Services): string | null {
  try {
    return new URL(s.site.get().donationUrl).origin;
  } catch {
    return null;
  }
}
