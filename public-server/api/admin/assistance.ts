import type Router from "@koa/router";
import { createRouter } from "../../lib/router";
import { AssistanceHandledInput } from "../../../shared/schemas/adminTools";
import type { AppState, Services } from "../../context";
import { listAssistanceRequests, markHandled } from "../../commands/assistance";
import { idParam, parse } from "../../lib/validate";
import { presentAssistance } from "../../presenters";

/**
 * Assistance requests for the team:
 * every detail, newest first, and a handled mark with who and when.
 */
export function assistanceRouter(s: Services): Router<AppState> {
  const router = createRouter();

  router.get("/assistance-requests", async (ctx) => {
    const rows = await s.db.run((m) => listAssistanceRequests(m));
    ctx.set("Cache-Control", "no-store");
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
