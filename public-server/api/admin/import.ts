import type Router from "@koa/router";
import { createRouter } from "../../lib/router";
import { BulkUpdateInput, BulkUploadInput, ResetImportInput } from "../../../shared/schemas/admin";
import type { AppState, Services } from "../../context";
import { bulkUpdateFlowers, bulkUploadCsv, bulkUploadFlowers, resetAndImport } from "../../commands/importFlowers";
import { parse } from "../../lib/validate";
import { checkImportKey } from "../../commands/importKey";

/** Bulk upload, bulk update and reset-and-import of memorial flowers. */
export function importRouter(s: Services): Router<AppState> {
  const router = createRouter();

  router.post("/memorial-flowers/bulk-upload", async (ctx) => {
    // A CSV file sent as it is is read here as a stream (see app.ts: no body parser reads it first).
    const count = ctx.is("text/csv")
      ? await bulkUploadCsv(s, ctx.req, ctx.state.user!)
      : await bulkUploadFlowers(s, parse(BulkUploadInput, ctx.request.body).flowers, ctx.state.user!);
    ctx.body = { message: `Successfully uploaded ${count} memorial flower${count === 1 ? "" : "s"}.`, count };
  });

  router.put("/memorial-flowers/bulk-update", async (ctx) => {
    const { flowers } = parse(BulkUpdateInput, ctx.request.body);
    const count = await bulkUpdateFlowers(s, flowers, ctx.state.user!);
    ctx.body = { message: `Successfully updated ${count} memorial flower${count === 1 ? "" : "s"}.`, count };
  });

  router.post("/memorial-flowers/reset-and-import", async (ctx) => {
    const input = parse(ResetImportInput, ctx.request.body);
    await checkImportKey(s, input.adminKey, ctx.state.user!, ctx.ip);
    ctx.body = await resetAndImport(s, input.csvData, input.adminKey, ctx.state.user!);
  });

  return router;
}
