import Router from "@koa/router";
import { AssistanceRequestInput, MemorialCommentInput, MemorialFlowerInput, TestimonialInput } from "../../../shared/schemas/public";
import type { AppState, Services } from "../../context";
import { CommentLibraryEntity } from "../../entities/CommentLibrary";
import { MemorialFlowerEntity } from "../../entities/MemorialFlower";
import { TestimonialEntity } from "../../entities/Testimonial";
import { NotFound } from "../../errors";
import { idParam, parse } from "../../lib/http";
import { limitSubmissions } from "../../middlewares/limits";
import { listPublicComments } from "../../commands/comments";
import { submitAssistance, submitComment, submitFlower, submitTestimonial } from "../../commands/submissions";
import { presentLibraryEntry, presentPublicComment, presentPublicFlower, presentPublicTestimonial } from "../../presenters";

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

  router.get("/memorial-flowers", async (ctx) => {
    const entry = await s.cache.get("flowers", async () => {
      const rows = await s.db.run((m) => m.find(MemorialFlowerEntity, { where: { approved: true }, order: { id: "DESC" } }));
      return rows.map(presentPublicFlower);
    });
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
    const entry = await s.cache.get(`comments:${flowerId}`, async () => {
      const rows = await s.db.run(async (m) => {
        const flower = await m.findOneBy(MemorialFlowerEntity, { id: flowerId, approved: true });
        return flower ? listPublicComments(m, flowerId) : null;
      });
      return rows?.map(presentPublicComment) ?? null;
    });
    if (entry.json.toString() === "null") throw NotFound("This memorial flower is not in the garden.");
    s.cache.send(ctx, entry);
  });

  router.post("/assistance-requests", limited, async (ctx) => {
    await submitAssistance(s, parse(AssistanceRequestInput, ctx.request.body));
    ctx.status = 201;
    ctx.body = RECEIVED;
  });

  router.post("/memorial-flowers", limited, async (ctx) => {
    await submitFlower(s, parse(MemorialFlowerInput, ctx.request.body));
    ctx.status = 201;
    ctx.body = RECEIVED;
  });

  router.post("/memorial-flowers/:id/comments", limited, async (ctx) => {
    const flowerId = idParam(ctx.params.id);
    await submitComment(s, flowerId, parse(MemorialCommentInput, ctx.request.body));
    ctx.status = 201;
    ctx.body = RECEIVED;
  });

  router.post("/testimonials", limited, async (ctx) => {
    await submitTestimonial(s, parse(TestimonialInput, ctx.request.body));
    ctx.status = 201;
    ctx.body = RECEIVED;
  });

  return router;
}
