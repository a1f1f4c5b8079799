import { bodyParser } from "@koa/bodyparser";
import type { Context, Middleware } from "koa";
import { AssistanceRequestInput, MemorialCommentInput, MemorialFlowerInput, TestimonialInput } from "../shared/schemas/public";
import { FORM_KIND_FIELD, VISITOR_FORMS, type PageData, type PostedForm, type VisitorFormKind } from "../shared/visitorForms";
import { HONEYPOT_FIELD, LIMITS } from "../shared/constants";
import type { ServerConfig } from "./config";
import type { AppState, Services } from "./context";
import { submitAssistance, submitComment, submitFlower, submitTestimonial } from "./commands/submissions";
import { CommentLibraryEntity } from "./entities/CommentLibrary";
import { MemorialFlowerEntity } from "./entities/MemorialFlower";
import { ApiError, BadRequest, NotFound, TooLarge } from "./errors";
import { parse } from "./lib/validate";
import { lengthChecked, limitSubmissions } from "./middlewares/limits";
import { sameOriginWrites } from "./middlewares/security";
import { presentLibraryEntry, presentPublicFlower } from "./presenters";
import { findById } from "./lib/byId";
import { commentsTurnedOff } from "./queries/memorialFlowers";
import { OneTimeNotes } from "./lib/oneTimeNotes";
import { localised } from "./lib/localise";
import { smallPage } from "./lib/html";
import { t } from "./lib/catalogs";
import type { Locale } from "../shared/i18n/locale";
import { localeOfPath, pathInLocale, pathWithoutLocale, withoutTrailingSlash } from "../shared/i18n/paths";
import { msg } from "../shared/i18n/translate";

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
  flower: (s, f) =>
    submitFlower(
      s,
      parse(MemorialFlowerInput, {
        ...f,
        emailUpdates: f.emailUpdates === "on" || f.emailUpdates === "true",
        remembranceNotes: f.remembranceNotes === "on" || f.remembranceNotes === "true",
      }),
    ),
  comment: (s, f) => submitComment(s, flowerIdOf(f), parse(MemorialCommentInput, f)),
  testimonial: (s, f) => submitTestimonial(s, parse(TestimonialInput, f)),
};

/** Each form's fields, as its schema names them: only these are written back into a refused form. */
const FORM_FIELDS: Record<VisitorFormKind, string[]> = {
  assistance: Object.keys(AssistanceRequestInput.shape),
  flower: Object.keys(MemorialFlowerInput.shape),
  comment: Object.keys(MemorialCommentInput.shape),
  testimonial: Object.keys(TestimonialInput.shape),
};

/** The longest text each field takes; a name, or anything not listed, takes LIMITS.name. */
const FIELD_LIMITS: Record<string, number> = {
  comments: LIMITS.comments,
  testimonial: LIMITS.testimonial,
  email: LIMITS.email,
  phoneNumber: LIMITS.phone,
  lossDate: LIMITS.lossDate,
};

/**
 * The largest body a visitor form can need: the longest form (a testimonial and its names) with every
 * character as four bytes of UTF-8, each written as %XX. A larger body is refused before it is read.
 */
const FORM_BYTES = 12 * (LIMITS.testimonial + 3 * LIMITS.name + LIMITS.email) + 1024;

const FormTooLarge = () => TooLarge(msg("What you wrote is much longer than this form can take. Please go back, shorten it, and send it again."));

/**
 * A field a little over its limit is refused by the schema, with the message beside it and the text kept
 * for the writer to shorten; one of more than twice its limit is refused here, before any rendering, so
 * what a refused form writes back stays small.
 */
function checkSizes(kind: VisitorFormKind, fields: Record<string, string>): void {
  for (const name of FORM_FIELDS[kind]) {
    if ((fields[name]?.length ?? 0) > 2 * (FIELD_LIMITS[name] ?? LIMITS.name)) throw TooLarge();
  }
}

/** The answer to a post refused before its form was read: the reason, and the way back. No script, nothing typed. */
function plainPage(err: ApiError, path: string, locale: Locale): string {
  return smallPage({
    lang: locale,
    title: err.status === 429 ? t(locale, "Please wait a little") : t(locale, "We could not send this"),
    message: localised(err, locale).message,
    back: { href: path, label: t(locale, "Back to the page") },
  });
}

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
  /** True when the browser carries a note's cookie: its page is then not answered from the cache. */
  mayHaveNote(ctx: Context): boolean;
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
  const body = lengthChecked(bodyParser({ enableTypes: ["form"], formLimit: FORM_BYTES, encoding: "utf-8" }), FORM_BYTES, FormTooLarge);
  const readForm = async (ctx: Context) => {
    try {
      await body(ctx, async () => undefined);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      const status = (err as { status?: number }).status;
      if (status === 413) throw FormTooLarge();
      if (status && status < 500) throw BadRequest(msg("We could not read this form. Please go back to the page and try again."));
      throw err;
    }
  };
  const notes = new OneTimeNotes<SentNote>(SENT_NOTE_MS, MAX_SENT_NOTES, () => config.now().getTime());

  const posts: Middleware<AppState> = async (ctx) => {
    await sameOrigin(ctx, async () => undefined);
    const path = withoutTrailingSlash(ctx.path);
    // A form on a Spanish page posts to its Spanish address, and is answered in Spanish.
    const locale = localeOfPath(path);
    const bare = pathWithoutLocale(path);
    ctx.set("Cache-Control", "no-store");
    let fields: Record<string, string> = {};
    let kind: VisitorFormKind | undefined;
    try {
      // The limit is checked before the body is read, and the body's size and fields before anything
      // is rendered: a post over the limit or far too large costs no more than its refusal.
      await limited(ctx, async () => {
        await readForm(ctx);
        fields = flatten(ctx.request.body);
        const named = fields[FORM_KIND_FIELD] as VisitorFormKind;
        if (!VISITOR_FORMS.includes(named)) throw BadRequest(msg("We could not tell which form this came from. Please go back to the page and try again."));
        if (!FORM_PAGES[named](bare)) throw NotFound(msg("This page has no such form."));
        checkSizes(named, fields);
        kind = named;
        // The language its emails are written in: the one the form names, else its page's.
        await HANDLERS[kind](s, { ...fields, language: fields.language || locale });
      });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const [name, value] of Object.entries(err.headers ?? {})) ctx.set(name, value);
      ctx.status = err.status;
      ctx.type = "html";
      // Refused before its fields were read (the limit, the size, an unknown form): a small page, nothing typed in it.
      if (!kind) {
        ctx.body = plainPage(err, path, locale);
        return;
      }
      const values: Record<string, string> = {};
      for (const name of FORM_FIELDS[kind]) if (name !== HONEYPOT_FIELD && fields[name] !== undefined) values[name] = fields[name];
      const said = localised(err, locale);
      const errors: Record<string, string> = {};
      for (const issue of said.errors ?? []) if (issue.path && !errors[issue.path]) errors[issue.path] = issue.message;
      const form: PostedForm = { kind, sent: false, values, errors, ...(Object.keys(errors).length ? {} : { message: said.message }) };
      const data: PageData = { form };
      if (kind === "comment") Object.assign(data, await commentPageData(s, Number(fields.memorialFlowerId)));
      const page = await render(path, data);
      ctx.status = page.status === 200 ? err.status : page.status;
      ctx.body = page.body;
      return;
    }

    const sent = kind as VisitorFormKind; // set once the form was read, before it was received
    // A received comment had an approved flower: its id names the garden's comment form for it.
    const flowerId = sent === "comment" ? Number(fields.memorialFlowerId) : undefined;
    const id = notes.put({ kind: sent, path, ...(flowerId ? { flowerId } : {}) });
    ctx.cookies.set(sentCookieName(ctx), id, { ...sentCookie(ctx), maxAge: SENT_NOTE_MS });
    ctx.status = 303;
    // The fragment of the address the form posted to (#<form>-answer) stays with the browser through the redirect.
    ctx.redirect(flowerId && bare === GARDEN ? pathInLocale(`${GARDEN}?comment=${flowerId}`, locale) : path);
  };

  async function sentTo(ctx: Context): Promise<PageData | undefined> {
    const name = sentCookieName(ctx);
    const id = ctx.cookies.get(name);
    if (!id) return undefined;
    const note = notes.peek(id);
    // A note for another page waits for its own (until it expires with its cookie).
    if (note && note.path !== withoutTrailingSlash(ctx.path)) return undefined;
    notes.take(id);
    ctx.cookies.set(name, null, sentCookie(ctx));
    if (!note) return undefined;
    const data: PageData = { form: { kind: note.kind, sent: true, values: {}, errors: {} } };
    if (note.flowerId) Object.assign(data, await commentPageData(s, note.flowerId));
    return data;
  }

  return { posts, sentTo, mayHaveNote: (ctx) => Boolean(ctx.cookies.get(sentCookieName(ctx))) };
}

/** Over HTTPS the cookie is Secure and bound to this exact host (the __Host- prefix), as the session's. */
const sentCookieName = (ctx: Context) => (ctx.secure ? `__Host-${SENT_COOKIE}` : SENT_COOKIE);
const sentCookie = (ctx: Context) => ({ httpOnly: true, sameSite: "lax", path: "/", secure: ctx.secure, overwrite: true }) as const;

/**
 * The approved flower and the active messages, for a comment form rendered on the server; empty for an
 * unknown flower, or one whose family turned comments off (the server would refuse the comment).
 */
export async function commentPageData(s: Services, flowerId: number): Promise<PageData> {
  if (!Number.isSafeInteger(flowerId) || flowerId < 1) return {};
  return s.db.read(async (_, m) => {
    const flower = await findById(m, MemorialFlowerEntity, flowerId, { approved: true });
    if (!flower || (await commentsTurnedOff(m, flowerId))) return {};
    const library = await m.find(CommentLibraryEntity, { where: { active: true }, order: { category: "DESC", id: "ASC" } });
    return { comment: { flower: presentPublicFlower(flower), library: library.map(presentLibraryEntry) } };
  });
}

function flowerIdOf(fields: Record<string, string>): number {
  const id = Number(fields.memorialFlowerId);
  if (!Number.isSafeInteger(id) || id < 1) throw NotFound(msg("This memorial flower is not in the garden."));
  return id;
}

/** Checkboxes that share a name: their values are joined with commas (the remembrance days chosen). */
const LIST_FIELDS = new Set(["remembranceDays"]);

/** A parsed form body as name → text (the first value of a repeated name, or the list's values joined). */
export function flatten(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof body !== "object" || body === null) return out;
  for (const [name, value] of Object.entries(body)) {
    if (LIST_FIELDS.has(name) && Array.isArray(value)) {
      out[name] = value.filter((v) => typeof v === "string").join(",");
      continue;
    }
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string") out[name] = first;
  }
  return out;
}
