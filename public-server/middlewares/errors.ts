import type { Middleware } from "koa";
import type { AppState } from "../context";
import { ErrorId, type ErrorBody } from "../../shared/errors";
import type { Locale } from "../../shared/i18n/locale";
import { ApiError, NOT_JSON, TOO_LARGE } from "../errors";
import type { Logger } from "../lib/log";
import { localised, requestLocale } from "../lib/localise";
import { msg } from "../../shared/i18n/translate";
import { t } from "../lib/catalogs";
import { isApiPath } from "../lib/router";
import { smallPage } from "../lib/html";
import { pathInLocale } from "../../shared/i18n/paths";

/** Koa and its body parser throw plain HTTP errors; give each a sentence a person can read. */
const HTTP_SENTENCES: Record<number, [ErrorBody["error"], string]> = {
  400: [ErrorId.badRequest, msg("We could not read that request. Please check it and try again.")],
  413: [ErrorId.tooLarge, TOO_LARGE],
  405: [ErrorId.badRequest, "This address does not accept that kind of request."],
  415: [ErrorId.badRequest, "Please send the data as JSON."],
};

/**
 * The only place that formats failures: every non-2xx answer is JSON
 * `{ message, error, errors?, requestId }`. Unknown errors are logged with the
 * request's id, method and path and answered with a plain sentence: no stack,
 * no SQL. A page (not /api) that fails is answered with a small HTML page
 * that shows the request id, so a volunteer can report it.
 */
export function errorHandler(log: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && isApiPath(ctx.path)) {
        throw new ApiError(404, ErrorId.notFound, "There is no such address in our API.");
      }
    } catch (err) {
      const body = toBody(err, requestLocale(ctx));
      const requestId = ctx.state.requestId;
      ctx.status = body.status;
      ctx.body = { ...body.body, requestId };
      ctx.set("Cache-Control", "no-store");
      for (const [name, value] of Object.entries(body.headers)) ctx.set(name, value);
      // 501 answers a method we do not serve: the client's doing, not a failure of ours.
      if (body.status >= 500 && body.status !== 501) log.error("request_failed", { id: requestId, method: ctx.method, path: ctx.path, error: describe(err) });
      // A browser on one of the site's pages (a family's form, the site failing) reads a page, not JSON.
      if (!isApiPath(ctx.path) && ctx.accepts("json", "html") === "html") {
        ctx.type = "html";
        ctx.body = errorPage(body, requestLocale(ctx), ctx.method, ctx.path, requestId ?? "");
      }
    }
  };
}

function toBody(err: unknown, locale: Locale): { status: number; body: ErrorBody; headers: Record<string, string> } {
  if (err instanceof ApiError) {
    const said = localised(err, locale);
    const body: ErrorBody = { message: said.message, error: err.id };
    if (said.errors?.length) body.errors = said.errors;
    if (err.conflicts) body.conflicts = err.conflicts;
    return { status: err.status, body, headers: err.headers ?? {} };
  }
  const status = httpStatus(err);
  if (status && status < 500) {
    const [id, message] = HTTP_SENTENCES[status] ?? [ErrorId.badRequest, msg("We could not accept that request.")];
    if (isJsonSyntaxError(err)) return { status: 400, body: { message: NOT_JSON, error: id }, headers: {} };
    return { status, body: { message: t(locale, message), error: id }, headers: {} };
  }
  return {
    status: 500,
    body: { message: t(locale, msg("Something went wrong on our side. Please try again in a moment.")), error: ErrorId.internal },
    headers: {},
  };
}

/**
 * The answer as a page of its own (no script or style sheet), readable when the site itself is what failed:
 * a failure gives the request's id to tell us; a refused post leads back to its page.
 */
function errorPage(answer: { status: number; body: ErrorBody }, locale: Locale, method: string, path: string, requestId: string): string {
  const failed = answer.status >= 500;
  const title = failed
    ? t(locale, msg("Something went wrong"))
    : answer.status === 429
      ? t(locale, msg("Please wait a little"))
      : method === "POST"
        ? t(locale, msg("We could not send this"))
        : t(locale, msg("We could not open this page"));
  const back =
    failed || method !== "POST"
      ? { href: pathInLocale("/", locale), label: t(locale, msg("Back to the home page")) }
      : { href: path, label: t(locale, msg("Back to the page")) };
  return smallPage({
    lang: locale,
    title,
    message: answer.body.message,
    ...(failed ? { code: requestId, codeSentence: t(locale, msg("If it happens again, please tell us this error code:")) } : {}),
    back,
  });
}

function httpStatus(err: unknown): number | undefined {
  if (typeof err !== "object" || err === null) return undefined;
  const { status, statusCode, expose } = err as { status?: unknown; statusCode?: unknown; expose?: unknown };
  const value = typeof status === "number" ? status : typeof statusCode === "number" ? statusCode : undefined;
  return value && value >= 400 && (expose !== false || value < 500) ? value : undefined;
}

function isJsonSyntaxError(err: unknown): boolean {
  return err instanceof SyntaxError || (typeof err === "object" && err !== null && (err as { type?: string }).type === "entity.parse.failed");
}

function describe(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
