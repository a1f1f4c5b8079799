import type Router from "@koa/router";
import { FamilyLinkRequest } from "../../../shared/schemas/public";
import { liveLinkCount, revokeLinks } from "../../commands/family";
import type { AppState, Services } from "../../context";
import { NotFound } from "../../errors";
import { createRouter } from "../../lib/router";
import { idParam, parse } from "../../lib/validate";
import { enqueueFamilyLink } from "../../mail/hooks";

/**
 * A family's private links, for administrators: how many work, send one to
 * an address typed here (imported flowers have no address on file), and
 * retire them all when one went where it should not. The address typed is
 * used for that one email only: it is neither kept on the flower nor logged.
 */
export function familyLinksRouter(s: Services): Router<AppState> {
  const router = createRouter();

  router.get("/memorial-flowers/:id/family-links", async (ctx) => {
    const id = idParam(ctx.params.id);
    ctx.set("Cache-Control", "no-store");
    ctx.body = { live: await liveLinkCount(s, id) };
  });

  router.post("/memorial-flowers/:id/family-link", async (ctx) => {
    const id = idParam(ctx.params.id);
    const { email } = parse(FamilyLinkRequest, ctx.request.body);
    await s.db.transaction(async (tx) => {
      if (!(await enqueueFamilyLink(s, tx, id, email))) throw NotFound("This memorial flower no longer exists.");
      await s.emit(tx, { type: "family-link", action: "sent", id, actor: ctx.state.user! });
    });
    ctx.body = { message: "A private link to manage this memorial is on its way to that address." };
  });

  router.post("/memorial-flowers/:id/family-links/revoke", async (ctx) => {
    const id = idParam(ctx.params.id);
    const revoked = await revokeLinks(s, id, ctx.state.user!);
    ctx.body = { revoked, message: revoked ? "The family's private links no longer work." : "This memorial had no working private links." };
  });

  return router;
}
