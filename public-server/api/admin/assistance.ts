import type Router from "@koa/router";
import { createRouter } from "../../lib/router";
import { AdminPageQuery } from "../../../shared/schemas/admin";
import { AssistanceHandledInput, type AdminAssistancePage } from "../../../shared/schemas/adminTools";
import type { AppState, Services } from "../../context";
import { assistancePage, listAssistanceRequests, markHandled } from "../../commands/assistance";
import { idParam, parse } from "../../lib/validate";
import { presentAssistance } from "../../presenters";

/**
 * Assistance requests for the team:
 * every detail, newest first, and a handled mark with who and when.
 */
export function assistanceRouter(s: Services): Router<AppState> {
  const router = createRouter();

  // With ?page= one page ({ items, total, page, pageSize, notHandled }) as the other admin lists answer;
  // without it every request, as before.
  router.get("/assistance-requests", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    if (ctx.query.page !== undefined) {
      const query = parse(AdminPageQuery, ctx.query);
      const page = await s.db.read((_, m) => assistancePage(m, query.page, query.pageSize));
      ctx.body = { ...page, items: page.items.map(presentAssistance) } satisfies AdminAssistancePage;
      return;
    }
    const rows = await s.db.read((_, m) => listAssistanceRequests(m));
    ctx.body = rows.map(presentAssistance);
  });

  router.post("/assistance-requests/:id/handled", async (ctx) => {
    const id = idParam(ctx.params.id);
    const { handled } = parse(AssistanceHandledInput, ctx.request.body);
    const row = await markHandled(s, id, handled, ctx.state.user!.username);
    ctx.body = presentAssistance(row);
  });

  return router;
}
