import type { Middleware } from "koa";
import { ErrorId, type ErrorBody } from "../../shared/errors";
import { ApiError } from "../errors";
import type { Logger } from "../lib/log";
import { isApiPath } from "../site";

/** Koa and its body parser throw plain HTTP errors; give each a sentence a person can read. */
const HTTP_SENTENCES: Record<number, [ErrorBody["error"], string]> = {
  400: [ErrorId.badRequest, "We could not read that request. Please check it and try again."],
  413: [ErrorId.tooLarge, "That is more than we can accept in one request. Please send a smaller file or a shorter text."],
  405: [ErrorId.badRequest, "This address does not accept that kind of request."],
  415: [ErrorId.badRequest, "Please send the data as JSON."],
};

/**
 * The only place that formats failures: every non-2xx answer is JSON
 * `{ message, error, errors? }`. Unknown errors are logged with the request's
 * method and path and answered with a plain sentence: no stack, no SQL.
 */
export function errorHandler(log: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && isApiPath(ctx.path)) {
        throw new ApiError(404, ErrorId.notFound, "There is no such address in our API.");
      }
    } catch (err) {
      const body = toBody(err);
      ctx.status = body.status;
      ctx.body = body.body;
      ctx.set("Cache-Control", "no-store");
      for (const [name, value] of Object.entries(body.headers)) ctx.set(name, value);
      // 501 answers a method we do not serve: the client's doing, not a failure of ours.
      if (body.status >= 500 && body.status !== 501) log.error("request_failed", { method: ctx.method, path: ctx.path, error: describe(err) });
    }
  };
}

function toBody(err: unknown): { status: number; body: ErrorBody; headers: Record<string, string> } {
  if (err instanceof ApiError) {
    const body: ErrorBody = { message: err.message, error: err.id };
    if (err.errors?.length) body.errors = err.errors;
    return { status: err.status, body, headers: err.headers ?? {} };
  }
  const status = httpStatus(err);
  if (status && status < 500) {
    const [id, message] = HTTP_SENTENCES[status] ?? [ErrorId.badRequest, "We could not accept that request."];
    if (isJsonSyntaxError(err)) return { status: 400, body: { message: "The request body is not valid JSON.", error: id }, headers: {} };
    return { status, body: { message, error: id }, headers: {} };
  }
  return {
    status: 500,
    body: { message: "Something went wrong on our side. Please try again in a moment.", error: ErrorId.internal },
    headers: {},
  };
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
