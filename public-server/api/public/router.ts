import Router from "@koa/router";
import { AssistanceRequestInput, MemorialCommentInput, MemorialFlowerInput, TestimonialInput } from "../../../shared/schemas/public";
import type { AppState, Services } from "../../context";
import { CommentLibraryEntity } from "../../entities/CommentLibrary";
import { MemorialFlowerEntity } from "../../entities/MemorialFlower";
import { TestimonialEntity } from "../../entities/Testimonial";
import { AssistanceRequestEntity } from "../../entities/AssistanceRequest";
import { MemorialCommentEntity } from "../../entities/MemorialComment";
import { BadRequest, NotFound } from "../../errors";
import { idParam, parse } from "../../lib/http";
import { limitSubmissions } from "../../middlewares/limits";
import { listPublicComments } from "../../commands/comments";
import { presentLibraryEntry, presentPublicComment, presentPublicTestimonial } from "../../presenters";
import { gardenQueryFrom, gardenQueryString } from "../../../shared/garden";
import { approvedFlower, gardenPage, wholeGardenJson } from "../../garden/query";
import { PreviewImages } from "../../garden/preview";

const RECEIVED = { message: "Thank you. We have received it." };

/** Visitors' calls of SPEC §7: public lists carry public fields of approved items only. */
export function publicRouter(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const limited = limitSubmissions(s.submissionLimiter);

  router.get("/health", async (ctx) => {
    await s.db.run((m) => m.query("SELECT 1"));
    ctx.set("Cache-Control", "no-store");
    ctx.body = { status: "ok" };
  });

  router.get("/site", (ctx) => {
    ctx.set("Cache-Control", "no-cache");
    ctx.body = s.site.get();
  });

  // The whole garden in one answer, kept as it always was for other clients (the site pages it instead).
  router.get("/memorial-flowers", async (ctx) => {
    const entry = await s.cache.getRaw("flowers", () => wholeGardenJson(s));
    s.cache.send(ctx, entry);
  });

  // One view of the garden: ?flower=&letter=&search=&page= (read leniently, like the page's address).
  router.get("/memorial-flowers/garden", async (ctx) => {
    const query = gardenQueryFrom(ctx.querystring);
    const key = `flowers-view:${gardenQueryString(query)}`;
    const entry = await s.cache.get(key, () => s.db.run(async () => gardenPage(s.db.handle, query)), { bounded: true });
    s.cache.send(ctx, entry);
  });

  const previews = new PreviewImages(s);
  router.get("/memorial-flowers/:id/preview.png", async (ctx) => {
    const png = await previews.png(idParam(ctx.params.id));
    if (!png) throw NotFound("This memorial flower is not in the garden.");
    ctx.type = "image/png";
    ctx.set("Cache-Control", "public, max-age=3600");
    ctx.body = png;
  });

  router.get("/memorial-flowers/:id", async (ctx) => {
    const flowerId = idParam(ctx.params.id);
    const entry = await s.cache.get(`flowers-one:${flowerId}`, () => s.db.run(async () => approvedFlower(s.db.handle, flowerId)), { bounded: true });
    if (entry.body.toString() === "null") throw NotFound("This memorial flower is not in the garden.");
    s.cache.send(ctx, entry);
  });

  router.get("/testimonials", async (ctx) => {
    const entry = await s.cache.get("testimonials", async () => {
      const rows = await s.db.run((m) => m.find(TestimonialEntity, { where: { approved: true }, order: { id: "DESC" } }));
      return rows.map(presentPublicTestimonial);
    });
    s.cache.send(ctx, entry);
  });

  router.get("/comment-library", async (ctx) => {
    const entry = await s.cache.get("library", async () => {
      const rows = await s.db.run((m) => m.find(CommentLibraryEntity, { where: { active: true }, order: { category: "DESC", id: "ASC" } }));
      return rows.map(presentLibraryEntry);
    });
    s.cache.send(ctx, entry);
  });

  router.get("/memorial-flowers/:id/comments", async (ctx) => {
    const flowerId = idParam(ctx.params.id);
    const entry = await s.cache.get(
      `comments:${flowerId}`,
      async () => {
        const rows = await s.db.run(async (m) => {
          const flower = await m.findOneBy(MemorialFlowerEntity, { id: flowerId, approved: true });
          return flower ? listPublicComments(m, flowerId) : null;
        });
        return rows?.map(presentPublicComment) ?? null;
      },
      { bounded: true },
    );
    if (entry.body.toString() === "null") throw NotFound("This memorial flower is not in the garden.");
    s.cache.send(ctx, entry);
  });

  router.post("/assistance-requests", limited, async (ctx) => {
    const { website, ...input } = parse(AssistanceRequestInput, ctx.request.body);
    ctx.status = 201;
    ctx.body = RECEIVED;
    if (website) return; // a bot filled the hidden field: answer as usual, keep nothing
    await s.db.transaction(async (tx) => {
      const saved = await tx.save(AssistanceRequestEntity, tx.create(AssistanceRequestEntity, input));
      await s.emit(tx, { type: "submitted", kind: "assistance", id: saved.id });
    });
  });

  router.post("/memorial-flowers", limited, async (ctx) => {
    const { website, ...input } = parse(MemorialFlowerInput, ctx.request.body);
    ctx.status = 201;
    ctx.body = RECEIVED;
    if (website) return;
    await s.db.transaction(async (tx) => {
      const saved = await tx.save(MemorialFlowerEntity, tx.create(MemorialFlowerEntity, { ...input, approved: false, version: 1 }));
      await s.emit(tx, { type: "submitted", kind: "flower", id: saved.id });
    });
  });

  router.post("/memorial-flowers/:id/comments", limited, async (ctx) => {
    const flowerId = idParam(ctx.params.id);
    const { website, memorialFlowerId, ...input } = parse(MemorialCommentInput, ctx.request.body);
    if (memorialFlowerId !== undefined && memorialFlowerId !== flowerId) {
      throw BadRequest("The comment names a different memorial flower than the address it was sent to.");
    }
    await s.db.transaction(async (tx) => {
      const flower = await tx.findOneBy(MemorialFlowerEntity, { id: flowerId, approved: true });
      if (!flower) throw NotFound("This memorial flower is not in the garden.");
      const message = await tx.findOneBy(CommentLibraryEntity, { id: input.commentLibraryId, active: true });
      if (!message) throw BadRequest("That message is no longer available. Please choose another.");
      if (website) return;
      const saved = await tx.save(
        MemorialCommentEntity,
        tx.create(MemorialCommentEntity, { ...input, memorialFlowerId: flowerId, approved: false, version: 1 }),
      );
      await s.emit(tx, { type: "submitted", kind: "comment", id: saved.id });
    });
    ctx.status = 201;
    ctx.body = RECEIVED;
  });

  router.post("/testimonials", limited, async (ctx) => {
    const { website, ...input } = parse(TestimonialInput, ctx.request.body);
    ctx.status = 201;
    ctx.body = RECEIVED;
    if (website) return;
    await s.db.transaction(async (tx) => {
      const saved = await tx.save(TestimonialEntity, tx.create(TestimonialEntity, { ...input, approved: false, version: 1 }));
      await s.emit(tx, { type: "submitted", kind: "testimonial", id: saved.id });
    });
  });

  return router;
}
