import type Router from "@koa/router";
import { createRouter } from "../../lib/router";
import { format } from "date-fns";
import type { AppState, Services } from "../../context";
import type { OutboxStatus } from "../../entities/OutboxMessage";
import { BadRequest } from "../../errors";
import { idParam } from "../../lib/validate";
import { mailFor } from "../../mail";
import { listMessages } from "../../mail/outbox";
import { retryEmail } from "../../commands/mail";
import { presentOutboxMessage } from "../../presenters";
import { mailingListCsv } from "../../mail/mailingList";
import { CSV_BOM } from "../../../shared/csv/records";
import { unsubscribeKey, unsubscribeToken, unsubscribeUrl } from "../../family/unsubscribe";
import { noteCounts } from "../../commands/remembrance";

const STATUSES: readonly OutboxStatus[] = ["failed", "pending", "sent"];

/** Email for administrators: the updates list export, and the outbox with its failures. */
export function mailRouter(s: Services): Router<AppState> {
  const router = createRouter();
  const updatesKey = unsubscribeKey(s.config);

  router.get("/mailing-list.csv", async (ctx) => {
    const link = (id: number, createdAt: string) => unsubscribeUrl(s.config.publicUrl, unsubscribeToken(updatesKey, id, createdAt));
    const { csv, count } = await s.db.run((m) => mailingListCsv(m, link, s.site.get().email));
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
