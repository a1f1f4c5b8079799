import { bodyParser } from "@koa/bodyparser";
import type { Context, Middleware } from "koa";
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
import { OneTimeNotes } from "./lib/oneTimeNotes";

const GARDEN = "/garden-of-remembrance";

/** Where each form lives: a plain post is accepted only on its own page, which shows the answer. */
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

/** What a plain post that was received leaves for the page it is sent on to: which form, on which page. */
interface SentNote {
  kind: VisitorFormKind;
  path: string;
  /** The memorial a comment was left for, whose comment form shows the thanks. */
  flowerId?: number;
}

/** The cookie that names a post's note: only its random id, never anything typed. */
const SENT_COOKIE = "garden.sent";
/** Long enough for a slow phone to follow the redirect; short enough that a note never greets a later visit. */
const SENT_NOTE_MS = 10 * 60_000;
/** Far above what the submission limits let through in ten minutes of ordinary use; a megabyte or two at most. */
const MAX_SENT_NOTES = 10_000;

export interface VisitorForms {
  /** Plain posts of a visitor form to its own page. */
  posts: Middleware<AppState>;
  /**
   * For the browser just sent here by a received post: the page data that shows the form's success
   * text, once (the note is gone after it, so a reload shows the page as usual). Otherwise undefined.
   */
  sentTo(ctx: Context): Promise<PageData | undefined>;
}

/**
 * Visitor forms sent without JavaScript (or before it has loaded): a plain
 * POST of application/x-www-form-urlencoded to the form's own page. The same
 * origin check, rate limit, schema and honeypot as the JSON API. A refused
 * form comes back as the page rendered again, with the messages beside the
 * fields and the typed values kept (a reload sends it again, which is
 * refused again, or received if it was only the limit or the database in the
 * way). A received one answers 303 See Other to its page (Post/Redirect/Get):
 * the page shows the success text once, and a reload or Back never posts
 * again: a second request for help would send the team a second urgent email.
 * The success travels as a random id in a cookie, its note kept in memory;
 * nothing typed goes into an address, a cookie or a log, and no answer is
 * stored by a cache.
 */
export function visitorForms(config: ServerConfig, s: Services, render: RenderPage): VisitorForms {
  const sameOrigin = sameOriginWrites(config.allowedOrigins);
  const limited = limitSubmissions(s.submissionLimiter, s.refusedSubmissionLimiter);
  const body = bodyParser({ enableTypes: ["form"], formLimit: "1mb", encoding: "utf-8" });
  const notes = new OneTimeNotes<SentNote>(SENT_NOTE_MS, MAX_SENT_NOTES, () => config.now().getTime());

  const posts: Middleware<AppState> = async (ctx) => {
    await sameOrigin(ctx, () => body(ctx as never, async () => undefined));
    const fields = flatten(ctx.request.body);
    const kind = fields[FORM_KIND_FIELD] as VisitorFormKind;
    const path = normalise(ctx.path);
    if (!VISITOR_FORMS.includes(kind)) throw BadRequest("We could not tell which form this came from. Please go back to the page and try again.");
    if (!FORM_PAGES[kind](path)) throw NotFound("This page has no such form.");
    ctx.set("Cache-Control", "no-store");

    try {
      await limited(ctx, () => HANDLERS[kind](s, fields));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const [name, value] of Object.entries(err.headers ?? {})) ctx.set(name, value);
      const { [HONEYPOT_FIELD]: _bot, [FORM_KIND_FIELD]: _kind, ...values } = fields;
      const errors: Record<string, string> = {};
      for (const issue of err.errors ?? []) if (issue.path && !errors[issue.path]) errors[issue.path] = issue.message;
      const form: PostedForm = { kind, sent: false, values, errors, ...(Object.keys(errors).length ? {} : { message: err.message }) };
      const data: PageData = { form };
      if (kind === "comment") Object.assign(data, await commentPageData(s, Number(fields.memorialFlowerId)));
      const page = await render(path, data);
      ctx.status = page.status === 200 ? err.status : page.status;
      ctx.type = "html";
      ctx.body = page.body;
      return;
    }

    // A received comment had an approved flower: its id names the garden's comment form for it.
    const flowerId = kind === "comment" ? Number(fields.memorialFlowerId) : undefined;
    const id = notes.put({ kind, path, ...(flowerId ? { flowerId } : {}) });
    ctx.cookies.set(sentCookieName(ctx), id, { ...sentCookie(ctx), maxAge: SENT_NOTE_MS });
    ctx.status = 303;
    // The fragment of the address the form posted to (#<form>-answer) stays with the browser through the redirect.
    ctx.redirect(flowerId && path === GARDEN ? `${GARDEN}?comment=${flowerId}` : path);
  };

  async function sentTo(ctx: Context): Promise<PageData | undefined> {
    const name = sentCookieName(ctx);
    const id = ctx.cookies.get(name);
    if (!id) return undefined;
    const note = notes.peek(id);
    // A note for another page waits for its own (until it expires with its cookie).
    if (note && note.path !== normalise(ctx.path)) return undefined;
    notes.take(id);
    ctx.cookies.set(name, null, sentCookie(ctx));
    if (!note) return undefined;
    const data: PageData = { form: { kind: note.kind, sent: true, values: {}, errors: {} } };
    if (note.flowerId) Object.assign(data, await commentPageData(s, note.flowerId));
    return data;
  }

  return { posts, sentTo };
}

/** Over HTTPS the cookie is Secure and bound to this exact host (the __Host- prefix), as the session's. */
const sentCookieName = (ctx: Context) => (ctx.secure ? `__Host-${SENT_COOKIE}` : SENT_COOKIE);
const sentCookie = (ctx: Context) => ({ httpOnly: true, sameSite: "lax", path: "/", secure: ctx.secure, overwrite: true }) as const;

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
