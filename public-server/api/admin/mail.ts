import type Router from "@koa/router";
import { createRouter } from "../../lib/router";
import { format } from "date-fns";
import type { AppState, Services } from "../../context";
import type { OutboxStatus } from "../../entities/OutboxMessage";
import { BadRequest } from "../../errors";
import { idParam, parse } from "../../lib/validate";
import { UpdateEmailInput } from "../../../shared/schemas/adminTools";
import { previewUpdate, queueUpdate } from "../../mail/updates";
import { mailFor } from "../../mail";
import { listMessages } from "../../queries/outbox";
import { retryEmail } from "../../commands/mail";
import { presentOutboxMessage } from "../../presenters";
import { mailingListCsv } from "../../mail/mailingList";
import { CSV_BOM } from "../../../shared/csv/records";
import { unsubscribeKey, unsubscribeToken, unsubscribeUrl } from "../../family/unsubscribe";
import { noteCounts } from "../../commands/remembrance";
import { plural } from "../../../shared/words";

const STATUSES: readonly OutboxStatus[] = ["failed", "pending", "sent"];

/** Email for administrators: the updates list export, and the outbox with its failures. */
export function mailRouter(s: Services): Router<AppState> {
  const router = createRouter();
  const updatesKey = unsubscribeKey(s.config);

  router.get("/mailing-list.csv", async (ctx) => {
    const link = (id: number, createdAt: string) => unsubscribeUrl(s.config.publicUrl, unsubscribeToken(updatesKey, id, createdAt));
    const { csv, count } = await s.db.read((_, m) => mailingListCsv(m, link, s.site.get().email));
    s.log.info("mailing_list_exported", { userId: ctx.state.user!.id, count });
    ctx.set("Cache-Control", "no-store");
    ctx.set("Content-Disposition", `attachment; filename="memorial-updates-list-${format(new Date(), "yyyy-MM-dd")}.csv"`);
    ctx.type = "text/csv; charset=utf-8";
    ctx.body = CSV_BOM + csv;
  });

  // The remembrance notes: how many families receive them, never who.
  router.get("/remembrance-notes", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await noteCounts(s);
  });

  // The monthly update, written here and sent by the server: its preview with the count of addresses, then the send itself.
  router.post("/updates/preview", async (ctx) => {
    ctx.body = await previewUpdate(s, parse(UpdateEmailInput, ctx.request.body));
  });

  router.post("/updates/send", async (ctx) => {
    const queued = await queueUpdate(s, parse(UpdateEmailInput, ctx.request.body), updatesKey);
    s.log.info("updates_queued", { userId: ctx.state.user!.id, count: queued });
    ctx.body = {
      queued,
      message: queued
        ? `The update is on its way to ${plural(queued, "family", "families")}.`
        : "Nothing more was sent: this update is already on its way, or nobody is on the list.",
    };
  });

  router.get("/outbox", async (ctx) => {
    const status = (typeof ctx.query.status === "string" ? ctx.query.status : "failed") as OutboxStatus;
    if (!STATUSES.includes(status)) throw BadRequest("The status must be failed, pending or sent.");
    const rows = await s.db.read((_, m) => listMessages(m, status));
    ctx.set("Cache-Control", "no-store");
    ctx.body = rows.map(presentOutboxMessage);
  });

  router.post("/outbox/:id/retry", async (ctx) => {
    const id = idParam(ctx.params.id);
    const { message, queued } = await retryEmail(s, id);
    if (queued) {
      s.log.info("mail_retry_requested", { id, userId: ctx.state.user!.id });
      mailFor(s).wake();
    }
    ctx.body = presentOutboxMessage(message);
  });

  return router;
}
