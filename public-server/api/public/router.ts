import type Router from "@koa/router";
import { createRouter } from "../../lib/router";
import { AssistanceRequestInput, MemorialCommentInput, MemorialFlowerInput, TestimonialInput } from "../../../shared/schemas/public";
import type { AppState, Services } from "../../context";
import { CommentLibraryEntity } from "../../entities/CommentLibrary";
import { MemorialFlowerEntity } from "../../entities/MemorialFlower";
import { TestimonialEntity } from "../../entities/Testimonial";
import { BadRequest, Unavailable } from "../../errors";
import { isLocale, LOCALES } from "../../../shared/i18n/locale";
import { ErrorId } from "../../../shared/errors";
import { idParam, parse } from "../../lib/validate";
import { limitSubmissions } from "../../middlewares/limits";
import { signedInUser } from "../../middlewares/auth";
import { backupsFor } from "../../operations/nightly";
import { listPublicComments } from "../../queries/memorialComments";
import { submitAssistance, submitComment, submitFlower, submitTestimonial } from "../../commands/submissions";
import { presentLibraryEntry, presentPublicComment, presentPublicTestimonial } from "../../presenters";
import { gardenQueryFrom, gardenQueryString } from "../../../shared/garden";
import { approvedFlower, gardenPage, wholeGardenJson } from "../../garden/query";
import { PreviewImages } from "../../garden/preview";
import { findById } from "../../lib/byId";
import { SERVICE_HEADER, SERVICE_NAME } from "../../../shared/constants";
import { storageState } from "../../lib/storageHealth";
import { withLanguage } from "../../lib/localise";
import { cachedGet } from "../../lib/cachedAnswer";
import { keptAnswer, type Entry } from "../../lib/publicCache";

const UNHEALTHY = {
  "read-only": Unavailable(ErrorId.databaseReadOnly, "The database is read-only: nothing can be saved until whoever runs the server makes it writable.", 60),
  full: Unavailable(ErrorId.storageFull, "The server's storage is full: nothing can be saved until some space is freed.", 60),
  busy: Unavailable(ErrorId.databaseBusy, "The database is locked by another program: nothing can be saved until it lets go.", 5),
} as const;

const RECEIVED = { message: "Thank you. We have received it." };

/** Visitors' calls: public lists carry public fields of approved items only. */
export function publicRouter(s: Services): Router<AppState> {
  const router = createRouter();
  const limited = limitSubmissions(s.submissionLimiter, s.refusedSubmissionLimiter);

  // Healthy means a write would succeed now, not only that a read does.
  router.get("/health", async (ctx) => {
    // Set before any check, so that an unhealthy garden server is still recognised as one (the desktop app asks).
    ctx.set(SERVICE_HEADER, SERVICE_NAME);
    const state = await storageState(s.db, s.config.databasePath);
    ctx.set("Cache-Control", "no-store");
    if (state !== "writable") {
      // 503 with the state in `status` ("full", "read-only", "busy"), for a monitor to alert on and say why.
      const { id, message, headers } = UNHEALTHY[state];
      ctx.status = 503;
      ctx.set(headers ?? {});
      ctx.body = { status: state, error: id, message, requestId: ctx.state.requestId };
      return;
    }
    // Signed-in administrators also see how the backups are doing; nobody else learns anything.
    const admin = (await signedInUser(s, ctx))?.role === "admin";
    ctx.body = admin ? { status: "ok", details: { backup: backupsFor(s).status() } } : { status: "ok" };
  });

  // ?lang=es: the configuration with the team's texts in that language, as a page in it shows them.
  // Kept compressed, with its ETag, for each version of site.json and language (each is one object until the file
  // changes): compressed at every request, in the thread pool, it took a crowd's visitor three turns of a busy event loop.
  const siteAnswers = new WeakMap<object, Promise<Entry>>();
  router.get("/site", async (ctx) => {
    const lang = ctx.query.lang;
    if (lang !== undefined && !isLocale(lang)) throw BadRequest(`lang must be one of ${LOCALES.join(", ")}.`);
    const site = lang === undefined ? s.site.get() : s.site.forLocale(lang);
    let answer = siteAnswers.get(site);
    if (!answer) siteAnswers.set(site, (answer = keptAnswer(Buffer.from(JSON.stringify(site)))));
    s.cache.send(ctx, await answer);
  });

  // Each public answer names the data it shows; it is read, on the read-only connection, only when the cache has none.
  const NOT_IN_GARDEN = "This memorial flower is not in the garden.";

  // The whole garden in one answer, kept as it always was for other clients (the site pages it instead).
  cachedGet(router, s, "/memorial-flowers", { data: "garden", key: () => "all", stream: () => wholeGardenJson(s) });

  // One view of the garden: ?flower=&letter=&search=&page= (read leniently, like the page's address).
  cachedGet(router, s, "/memorial-flowers/garden", {
    data: "garden",
    key: (ctx) => `view:${gardenQueryString(gardenQueryFrom(ctx.querystring))}`,
    read: (ctx) => (db) => gardenPage(db, gardenQueryFrom(ctx.querystring)),
    bounded: true,
  });

  const previews = new PreviewImages(s);
  s.background.push(previews);
  router.get("/memorial-flowers/:id/preview.png", (ctx) => previews.send(ctx, idParam(ctx.params.id)));

  cachedGet(router, s, "/memorial-flowers/:id", {
    data: "garden",
    key: (ctx) => `one:${idParam(ctx.params.id)}`,
    read: (ctx) => (db) => approvedFlower(db, idParam(ctx.params.id)),
    bounded: true,
    missing: NOT_IN_GARDEN,
  });

  cachedGet(router, s, "/testimonials", {
    data: "testimonials",
    read: () => async (_, m) => (await m.find(TestimonialEntity, { where: { approved: true }, order: { id: "DESC" } })).map(presentPublicTestimonial),
  });

  cachedGet(router, s, "/comment-library", {
    data: "library",
    read: () => async (_, m) =>
      (await m.find(CommentLibraryEntity, { where: { active: true }, order: { category: "DESC", id: "ASC" } })).map(presentLibraryEntry),
  });

  // An unknown or unapproved flower is answered 404 each time and never cached.
  cachedGet(router, s, "/memorial-flowers/:id/comments", {
    data: "comments",
    key: (ctx) => String(idParam(ctx.params.id)),
    read: (ctx) => async (_, m) => {
      const flowerId = idParam(ctx.params.id);
      const flower = await findById(m, MemorialFlowerEntity, flowerId, { approved: true });
      return flower ? (await listPublicComments(m, flowerId)).map(presentPublicComment) : null;
    },
    bounded: true,
    missing: NOT_IN_GARDEN,
  });

  router.post("/assistance-requests", limited, async (ctx) => {
    await submitAssistance(s, parse(AssistanceRequestInput, withLanguage(ctx, ctx.request.body)));
    ctx.status = 201;
    ctx.body = RECEIVED;
  });

  router.post("/memorial-flowers", limited, async (ctx) => {
    await submitFlower(s, parse(MemorialFlowerInput, withLanguage(ctx, ctx.request.body)));
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
    await submitTestimonial(s, parse(TestimonialInput, withLanguage(ctx, ctx.request.body)));
    ctx.status = 201;
    ctx.body = RECEIVED;
  });

  return router;
}
