import type Router from "@koa/router";
import { createRouter } from "../../lib/router";
import { AdminPageQuery } from "../../../shared/schemas/admin";
import { AssistanceHandledInput, type AdminAssistancePage } from "../../../shared/schemas/adminTools";
import type { AppState, Services } from "../../context";
import { assistancePage, markHandled } from "../../commands/assistance";
import { idParam, pageQuery, parse } from "../../lib/validate";
import { presentAssistance } from "../../presenters";

/**
 * Assistance requests for the team:
 * every detail, newest first, and a handled mark with who and when.
 */
export function assistanceRouter(s: Services): Router<AppState> {
  const router = createRouter();

  // One ?page= ({ items, total, page, pageSize, notHandled }) as the other admin lists answer; without it, a 400.
  router.get("/assistance-requests", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    const query = pageQuery(AdminPageQuery, ctx.query, "page");
    const page = await s.db.read((_, m) => assistancePage(m, query.page, query.pageSize));
    ctx.body = { ...page, items: page.items.map(presentAssistance) } satisfies AdminAssistancePage;
  });

  router.post("/assistance-requests/:id/handled", async (ctx) => {
    const id = idParam(ctx.params.id);
    const { handled } = parse(AssistanceHandledInput, ctx.request.body);
    const row = await markHandled(s, id, handled, ctx.state.user!.username);
    ctx.body = presentAssistance(row);
  });

  return router;
}
