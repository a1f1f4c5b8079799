import type Router from "@koa/router";
import { AdminPageQuery } from "../../../shared/schemas/admin";
import { decideCorrection, listCorrections } from "../../commands/corrections";
import type { AppState, Services } from "../../context";
import { createRouter } from "../../lib/router";
import { expectedVersion, idParam, parse } from "../../lib/validate";

/**
 * Families' corrections waiting for a volunteer: one page of them, each with
 * its version and what it would change, and approve or decline under that
 * version (If-Match; 412 when the family sent a newer one meanwhile).
 */
export function correctionsRouter(s: Services): Router<AppState> {
  const router = createRouter();

  router.get("/memorial-flowers/corrections", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    const query = parse(AdminPageQuery, ctx.query);
    const page = await listCorrections(s, query);
    ctx.body = { ...page, page: query.page, pageSize: query.pageSize };
  });

  for (const [action, approve] of [
    ["approve", true],
    ["decline", false],
  ] as const) {
    router.post(`/memorial-flowers/:id/correction/${action}`, async (ctx) => {
      await decideCorrection(s, idParam(ctx.params.id), approve, expectedVersion(ctx.get("If-Match") || undefined), ctx.state.user!);
      ctx.body = {
        message: approve ? "The correction is made, and the family has been told." : "The memorial is kept as it was, and the family has been told.",
      };
    });
  }

  return router;
}
