import type Router from "@koa/router";
import { createRouter } from "../../lib/router";
import { BulkUpdateQuery, ResetImportInput } from "../../../shared/schemas/admin";
import type { AppState, Services } from "../../context";
import { bulkBody, bulkUpdate, bulkUpload, resetAndImport } from "../../commands/importFlowers";
import { parse } from "../../lib/validate";
import { checkImportKey } from "../../commands/importKey";

/** Bulk upload, bulk update and reset-and-import of memorial flowers. */
export function importRouter(s: Services): Router<AppState> {
  const router = createRouter();

  // These two bodies are read here as streams, to a file the large-write thread parses and checks (see
  // app.ts: no body parser reads them first): the CSV file itself, or the rows as JSON.
  router.post("/memorial-flowers/bulk-upload", async (ctx) => {
    const count = await bulkUpload(s, bulkBody(ctx), ctx.state.user!);
    ctx.body = { message: `Successfully uploaded ${count} memorial flower${count === 1 ? "" : "s"}.`, count };
  });

  // The CSV file itself (the garden download, edited) or rows as JSON; ?conflicts=skip|overwrite answers a 409's question.
  router.put("/memorial-flowers/bulk-update", async (ctx) => {
    const choice = parse(BulkUpdateQuery, ctx.query);
    ctx.body = await bulkUpdate(s, bulkBody(ctx), choice, ctx.state.user!);
  });

  router.post("/memorial-flowers/reset-and-import", async (ctx) => {
    const input = parse(ResetImportInput, ctx.request.body);
    await checkImportKey(s, input.adminKey, ctx.state.user!, ctx.ip);
    ctx.body = await resetAndImport(s, input.csvData, input.adminKey, ctx.state.user!);
  });

  return router;
}
