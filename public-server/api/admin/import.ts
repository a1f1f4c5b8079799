import type Router from "@koa/router";
import { createRouter } from "../../lib/router";
import { BulkUpdateQuery, IDEMPOTENCY_KEY_HEADER, IdempotencyKey, REPLAYED_HEADER } from "../../../shared/schemas/admin";
import type { AppState, Services } from "../../context";
import { bulkBody, bulkUpdate, bulkUpload, jsonBody, resetAndImport } from "../../commands/importFlowers";
import { parse } from "../../lib/validate";

/** Bulk upload, bulk update and reset-and-import of memorial flowers. */
export function importRouter(s: Services): Router<AppState> {
  const router = createRouter();

  // These bodies are read here as streams, to a file the large-write thread parses and checks (see
  // app.ts: no body parser reads them first): the CSV file itself, or the rows as JSON.
  router.post("/memorial-flowers/bulk-upload", async (ctx) => {
    const key = ctx.get(IDEMPOTENCY_KEY_HEADER);
    const answer = await bulkUpload(s, bulkBody(ctx, s.config.uploadStallMs), ctx.state.user!, key ? parse(IdempotencyKey, key) : undefined);
    if (answer.replayed) ctx.set(REPLAYED_HEADER, "true");
    ctx.status = answer.status;
    ctx.body = answer.body;
  });

  // The CSV file itself (the garden download, edited) or rows as JSON; ?conflicts=skip|overwrite answers a 409's question.
  router.put("/memorial-flowers/bulk-update", async (ctx) => {
    const choice = parse(BulkUpdateQuery, ctx.query);
    ctx.body = await bulkUpdate(s, bulkBody(ctx, s.config.uploadStallMs), choice, ctx.state.user!);
  });

  // { csvData, adminKey } as JSON, read as the bulk bodies are: the thread parses it and checks the key's form and every row.
  router.post("/memorial-flowers/reset-and-import", async (ctx) => {
    ctx.body = await resetAndImport(s, jsonBody(ctx, s.config.uploadStallMs), ctx.state.user!, ctx.ip);
  });

  return router;
}
