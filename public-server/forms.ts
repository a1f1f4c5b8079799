import { bodyParser } from "@koa/bodyparser";
import type { Middleware } from "koa";
import type { z } from "zod";
import { AssistanceRequestInput, MemorialCommentInput, MemorialFlowerInput, TestimonialInput } from "../shared/schemas/public";
import { FORM_KIND_FIELD, VISITOR_FORMS, type PageData, type PostedForm, type VisitorFormKind } from "../shared/visitorForms";
import { HONEYPOT_FIELD } from "../shared/constants";
import type { ServerConfig } from "./config";
import type { AppState, Services } from "./context";
import { submitAssistance, submitComment, submitFlower, submitTestimonial } from "./commands/submissions";
import { CommentLibraryEntity } from "./entities/CommentLibrary";
import { MemorialFlowerEntity } from "./entities/MemorialFlower";
import { ApiError, BadRequest, NotFound } from "./errors";
import { parse } from "./lib/validate";
import { limitSubmissions } from "./middlewares/limits";
import { sameOriginWrites } from "./middlewares/security";
import { presentLibraryEntry, presentPublicFlower } from "./presenters";
import { findById } from "./lib/byId";

const GARDEN = "/garden-of-remembrance";

/** Where each form lives: a plain post is accepted only on its own page, which is rendered again with the answer. */
const FORM_PAGES: Record<VisitorFormKind, (path: string) => boolean> = {
  assistance: (p) => p === "/",
  flower: (p) => p === GARDEN,
  comment: (p) => p === GARDEN || p.startsWith(`${GARDEN}/`),
  testimonial: (p) => p === "/share-testimonial",
};

/** Each form's shared schema and what is done with what it accepts; the JSON API runs the same commands. */
const HANDLERS: { [K in VisitorFormKind]: (s: Services, fields: Record<string, string>) => Promise<void> } = {
  assistance: (s, f) => submitAssistance(s, parse(AssistanceRequestInput, f)),
  flower: (s, f) => submitFlower(s, parse(MemorialFlowerInput, { ...f, emailUpdates: f.emailUpdates === "on" || f.emailUpdates === "true" })),
  comment: (s, f) => submitComment(s, flowerIdOf(f), parse(MemorialCommentInput, f) as z.output<typeof MemorialCommentInput>),
  testimonial: (s, f) => submitTestimonial(s, parse(TestimonialInput, f)),
};

export type RenderPage = (pathname: string, data: PageData) => Promise<{ status: number; body: string }>;

/**
 * Visitor forms sent without JavaScript (or before it has loaded): a plain
 * POST of application/x-www-form-urlencoded to the form's own page. The same
 * origin check, rate limit, schema and honeypot as the JSON API; the answer is
 * the page rendered again, with the messages beside the fields and the typed
 * values kept, or with the form's success text. Nothing typed goes into an
 * address, and the answer is never stored by a cache.
 */
export function visitorFormPosts(config: ServerConfig, s: Services, render: RenderPage): Middleware<AppState> {
  const sameOrigin = sameOriginWrites(config.allowedOrigins);
  const limited = limitSubmissions(s.submissionLimiter);
  const body = bodyParser({ enableTypes: ["form"], formLimit: "1mb", encoding: "utf-8" });
  return async (ctx) => {
    await sameOrigin(ctx, () => body(ctx as never, async () => undefined));
    const fields = flatten(ctx.request.body);
    const kind = fields[FORM_KIND_FIELD] as VisitorFormKind;
    const path = normalise(ctx.path);
    if (!VISITOR_FORMS.includes(kind)) throw BadRequest("We could not tell which form this came from. Please go back to the page and try again.");
    if (!FORM_PAGES[kind](path)) throw NotFound("This page has no such form.");

    const { [HONEYPOT_FIELD]: _bot, [FORM_KIND_FIELD]: _kind, ...values } = fields;
    let status = 200;
    let form: PostedForm;
    try {
      await limited(ctx, () => HANDLERS[kind](s, fields));
      form = { kind, sent: true, values: {}, errors: {} };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      status = err.status;
      for (const [name, value] of Object.entries(err.headers ?? {})) ctx.set(name, value);
      const errors: Record<string, string> = {};
      for (const issue of err.errors ?? []) if (issue.path && !errors[issue.path]) errors[issue.path] = issue.message;
      form = { kind, sent: false, values, errors, ...(Object.keys(errors).length ? {} : { message: err.message }) };
    }
    const data: PageData = { form };
    if (kind === "comment") Object.assign(data, await commentPageData(s, Number(fields.memorialFlowerId)));
    const page = await render(path, data);
    ctx.status = page.status === 200 ? status : page.status;
    ctx.type = "html";
    ctx.set("Cache-Control", "no-store");
    ctx.body = page.body;
  };
}

/** The approved flower and the active messages, for a comment form rendered on the server; empty for an unknown flower. */
export async function commentPageData(s: Services, flowerId: number): Promise<PageData> {
  if (!Number.isSafeInteger(flowerId) || flowerId < 1) return {};
  return s.db.read(async (_, m) => {
    const flower = await findById(m, MemorialFlowerEntity, flowerId, { approved: true });
    if (!flower) return {};
    const library = await m.find(CommentLibraryEntity, { where: { active: true }, order: { category: "DESC", id: "ASC" } });
    return { comment: { flower: presentPublicFlower(flower), library: library.map(presentLibraryEntry) } };
  });
}

function flowerIdOf(fields: Record<string, string>): number {
  const id = Number(fields.memorialFlowerId);
  if (!Number.isSafeInteger(id) || id < 1) throw NotFound("This memorial flower is not in the garden.");
  return id;
}

/** A parsed form body as name → text (the first value of a repeated name). */
function flatten(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof body !== "object" || body === null) return out;
  for (const [name, value] of Object.entries(body)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string") out[name] = first;
  }
  return out;
}

const normalise = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") || "/" : p);
