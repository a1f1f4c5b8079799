import type Router from "@koa/router";
import { createRouter } from "../../lib/router";
import { AdminPageQuery } from "../../../shared/schemas/admin";
import { ActivityQuery } from "../../../shared/schemas/adminTools";
import type { AppState, Services } from "../../context";
import { listActivity, listActivityPage } from "../../commands/activity";
import { parse } from "../../lib/validate";

/**
 * GET /api/admin/activity?page=1&pageSize=20: who did what and when, newest
 * first, one page ({ items, total, page, pageSize }) as the other admin lists
 * answer; with ?limit=100 (or nothing) the latest rows as a plain list.
 */
export function activityRouter(s: Services): Router<AppState> {
  const router = createRouter();
  router.get("/activity", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    if (ctx.query.page !== undefined) {
      const query = parse(AdminPageQuery, ctx.query);
      const page = await s.db.read((_, m) => listActivityPage(m, query));
      ctx.body = { ...page, page: query.page, pageSize: query.pageSize };
      return;
    }
    const { limit } = parse(ActivityQuery, { limit: ctx.query.limit === undefined ? undefined : String(ctx.query.limit) });
    ctx.body = await s.db.read((_, m) => listActivity(m, limit));
  });
  return router;
}
