import type Router from "@koa/router";
import { createRouter } from "../../lib/router";
import { ActivityQuery } from "../../../shared/schemas/adminTools";
import type { AppState, Services } from "../../context";
import { listActivity } from "../../commands/activity";
import { parse } from "../../lib/validate";

/** GET /api/admin/activity?limit=100: who did what and when, newest first. */
export function activityRouter(s: Services): Router<AppState> {
  const router = createRouter();
  router.get("/activity", async (ctx) => {
    const { limit } = parse(ActivityQuery, { limit: ctx.query.limit === undefined ? undefined : String(ctx.query.limit) });
    ctx.set("Cache-Control", "no-store");
    ctx.body = await s.db.run((m) => listActivity(m, limit));
  });
  return router;
}
