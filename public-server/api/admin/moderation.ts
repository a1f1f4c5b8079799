import type Router from "@koa/router";
import type { EntityManager } from "typeorm";
import { createRouter } from "../../lib/router";
import { Readable } from "node:stream";
import { GARDEN_CSV_FILENAME } from "../../../shared/csv/export";
import { AdminListQuery, FlowerEntryInput, type Versioned } from "../../../shared/schemas/admin";
import type { AppState, Services } from "../../context";
import { MemorialFlowerEntity } from "../../entities/MemorialFlower";
import { TestimonialEntity } from "../../entities/Testimonial";
import { findAdminComment } from "../../queries/memorialComments";
import { listCommentsPage, listFlowersPage, listTestimonialsPage } from "../../commands/adminLists";
import { gardenCsvPages } from "../../commands/gardenExport";
import { findDuplicates, jsonBody } from "../../commands/importFlowers";
import { approveItem, deleteItem } from "../../commands/moderation";
import { goneMessage, MODERATED_KINDS, MODERATION, type ModeratedKind } from "../../../shared/moderation";
import { editFlower } from "../../commands/flowers";
import { findById } from "../../lib/byId";
import { NotFound } from "../../errors";
import { expectedVersion, idParam, pageQuery, parse } from "../../lib/validate";
import { presentAdminComment, presentAdminFlower, presentAdminTestimonial } from "../../presenters";

/** One item of each kind as the admin lists show it, or null when it is gone. */
const FIND_ONE: Record<ModeratedKind, (m: EntityManager, id: number) => Promise<Versioned | null>> = {
  testimonial: async (m, id) => {
    const row = await findById(m, TestimonialEntity, id);
    return row && presentAdminTestimonial(row);
  },
  flower: async (m, id) => {
    const row = await findById(m, MemorialFlowerEntity, id);
    return row && presentAdminFlower(row);
  },
  comment: async (m, id) => {
    const row = await findAdminComment(m, id);
    return row && presentAdminComment(row);
  },
};

/**
 * Moderation: lists with every item's version, one item by id, and approve and
 * delete that honour If-Match (412 when the item changed since it was read).
 */
export function moderationRouter(s: Services): Router<AppState> {
  const router = createRouter();

  // A list answers one page of ?status=pending|approved ({ items, total, page, pageSize }), searched (q)
  // and filtered (type) on the server (beforeId: the page after the last id read); without a status, a 400.
  router.get("/testimonials", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    const query = pageQuery(AdminListQuery, ctx.query, "status");
    const page = await s.db.read((_, m) => listTestimonialsPage(m, query));
    ctx.body = { items: page.items.map(presentAdminTestimonial), total: page.total, page: query.page, pageSize: query.pageSize };
  });

  router.get("/memorial-flowers", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    const query = pageQuery(AdminListQuery, ctx.query, "status");
    const page = await s.db.read((_, m) => listFlowersPage(m, query));
    ctx.body = { items: page.items.map(presentAdminFlower), total: page.total, page: query.page, pageSize: query.pageSize };
  });

  router.get("/memorial-flowers/export.csv", (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.set("Content-Disposition", `attachment; filename="${GARDEN_CSV_FILENAME}"`);
    ctx.type = "text/csv; charset=utf-8";
    // Written as it is read, a page at a time, as fast as the client takes it (see gardenCsvPages).
    ctx.body = Readable.from(gardenCsvPages(s));
  });

  router.post("/memorial-flowers/duplicates", async (ctx) => {
    // The body is read here as a stream, and parsed, checked and looked up on a thread of its own (see app.ts).
    ctx.body = { duplicates: await findDuplicates(s, jsonBody(ctx, s.config.uploadStallMs)) };
  });

  router.get("/memorial-comments", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    const query = pageQuery(AdminListQuery, ctx.query, "status");
    const page = await s.db.read((_, m) => listCommentsPage(m, query));
    ctx.body = { items: page.items.map(presentAdminComment), total: page.total, page: query.page, pageSize: query.pageSize };
  });

  for (const kind of MODERATED_KINDS) {
    const { path, approvedTitle, deletedTitle } = MODERATION[kind];
    // One item with its version: what the desktop app re-checks for one decision, instead of a whole list.
    router.get(`/${path}/:id`, async (ctx, next) => {
      // "/memorial-flowers/export.csv" matches this pattern too: leave any non-numeric id to the routes after.
      if (!/^\d+$/.test(ctx.params.id ?? "")) return next();
      const id = idParam(ctx.params.id);
      const item = await s.db.read((_, m) => FIND_ONE[kind](m, id));
      if (!item) throw NotFound(goneMessage(kind));
      ctx.set("Cache-Control", "no-store");
      ctx.set("ETag", `"${item.version}"`);
      ctx.body = item;
    });
    router.post(`/${path}/:id/approve`, async (ctx) => {
      const result = await approveItem(s, kind, idParam(ctx.params.id), expectedVersion(ctx.get("If-Match") || undefined), ctx.state.user!);
      ctx.set("ETag", `"${result.version}"`);
      ctx.body = { message: approvedTitle, ...result };
    });
    router.delete(`/${path}/:id`, async (ctx) => {
      await deleteItem(s, kind, idParam(ctx.params.id), expectedVersion(ctx.get("If-Match") || undefined), ctx.state.user!);
      ctx.body = { message: deletedTitle };
    });
  }

  router.put("/memorial-flowers/:id", async (ctx, next) => {
    // "/memorial-flowers/bulk-update" matches this pattern too: leave any non-numeric id to the routes after.
    if (!/^\d+$/.test(ctx.params.id ?? "")) return next();
    const input = parse(FlowerEntryInput, ctx.request.body);
    const flower = await editFlower(s, idParam(ctx.params.id), input, expectedVersion(ctx.get("If-Match") || undefined), ctx.state.user!);
    ctx.set("ETag", `"${flower.version}"`);
    ctx.body = presentAdminFlower(flower);
  });

  return router;
}
