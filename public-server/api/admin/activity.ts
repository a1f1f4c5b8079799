import type Router from "@koa/router";
import { createRouter } from "../../lib/router";
import { AdminPageQuery } from "../../../shared/schemas/admin";
import type { AppState, Services } from "../../context";
import { listActivityPage } from "../../commands/activity";
import { pageQuery } from "../../lib/validate";

/**
 * GET /api/admin/activity?page=1&pageSize=20: who did what and when, newest
 * first, one page ({ items, total, page, pageSize }) as the other admin lists
 * answer; without ?page=, a 400.
 */
export function activityRouter(s: Services): Router<AppState> {
  const router = createRouter();
  router.get("/activity", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    const query = pageQuery(AdminPageQuery, ctx.query, "page");
    const page = await s.db.read((_, m) => listActivityPage(m, query));
    ctx.body = { ...page, page: query.page, pageSize: query.pageSize };
  });
  return router;
}
