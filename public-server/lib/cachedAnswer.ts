import type Router from "@koa/router";
import type { Context } from "koa";
import type { EntityManager } from "typeorm";
import type { AppState, Services } from "../context";
import type { Statements } from "../database/statements";
import { NotFound } from "../errors";
import type { PageDataName } from "../../shared/staleData";
import { cacheKey } from "./publicCache";

/**
 * A public answer, declared with its route: the data it shows (so the writes that make that data stale
 * drop it, see shared/staleData.ts), its key among that data's answers, and how it is read. The cache is
 * looked at first; only when it holds no answer for the key is it read, on the read-only connection.
 */
interface CachedAnswer {
  data: PageDataName;
  /** Tells this answer from the data's others (a view, an id); it may refuse the request (a bad id: 400). */
  key?(ctx: Context): string;
  /** Visitors vary the key (a search, an id): quicker compression, and the cache's bound (see PublicCache). */
  bounded?: boolean;
}

interface ReadAnswer extends CachedAnswer {
  /** The answer, or null for one that does not exist: answered 404 with `missing`, never kept. */
  read(ctx: Context): (db: Statements, m: EntityManager) => unknown;
  missing?: string;
}

interface StreamedAnswer extends CachedAnswer {
  /** A large answer made piece by piece, each piece read on the read-only connection (see PublicCache.getStreamed). */
  stream(): AsyncIterable<Buffer>;
}

/** GET `path` on `router`, answered as `answer` declares. */
export function cachedGet(router: Router<AppState>, s: Services, path: string, answer: ReadAnswer | StreamedAnswer): void {
  router.get(path, async (ctx) => {
    const key = cacheKey(answer.data, answer.key?.(ctx));
    if ("stream" in answer) {
      s.cache.send(ctx, await s.cache.getStreamed(key, () => answer.stream()));
      return;
    }
    const work = answer.read(ctx);
    const entry = await s.cache.find(key, async () => (await s.db.read(work)) ?? null, {
      bounded: answer.bounded,
      held: (ms) => (ctx.state.heldMs = ms),
    });
    if (!entry) throw NotFound(answer.missing ?? "There is nothing at this address.");
    s.cache.send(ctx, entry);
  });
}
