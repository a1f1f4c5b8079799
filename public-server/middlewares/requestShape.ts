import type { Middleware } from "koa";
import { ErrorId } from "../../shared/errors";
import { ApiError } from "../errors";

/** Every method the server answers; anything else (TRACE, PROPFIND, MKCOL…) is 501. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"]);
/** Pages are read, and the four visitor forms post to their own page when JavaScript is not there. */
const PAGE_METHODS = "GET, HEAD, POST";

/**
 * An API path as our routes are written: lower-case segments of letters,
 * digits, dots and dashes, none empty and none starting with a dot. So no
 * `//`, `/./`, `/../`, trailing slash, `;x`, percent-encoding or capitals.
 */
const CANONICAL_API_PATH = /^\/api(?:\/[a-z0-9-][a-z0-9._-]*)*$/;

/** True when `path` would read as an API path to a lenient reader: any case, encoded, with dot segments. */
function looksLikeApi(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a broken escape is odd in itself; judge the raw text
  }
  const squashed = decoded.toLowerCase().replace(/[\\/]+(?:\.{1,2}[\\/]+)*/g, "/");
  return /^\/+api(?:$|[/;\\])/.test(squashed) || /^\/+api(?:$|[/;\\])/.test(path.toLowerCase());
}

/**
 * Refuses, before any routing, what the routers must never have to judge:
 * methods we do not serve (501 JSON, not an error log line), page requests
 * other than GET, HEAD and POST (405), and API addresses in any but their one exact spelling
 * (404 JSON). Routing is also strict and case-sensitive, and every admin
 * route carries its own guard; this keeps odd spellings from reaching either.
 */
export function requestShape(): Middleware {
  return async (ctx, next) => {
    if (!KNOWN_METHODS.has(ctx.method)) {
      throw new ApiError(501, ErrorId.methodNotAllowed, "This server does not handle that kind of request.", undefined, {
        Allow: [...KNOWN_METHODS].join(", "),
      });
    }
    const api = looksLikeApi(ctx.path);
    if (api && !CANONICAL_API_PATH.test(ctx.path)) throw new ApiError(404, ErrorId.notFound, "There is no such address in our API.");
    if (!api && ctx.method !== "GET" && ctx.method !== "HEAD" && ctx.method !== "POST") {
      if (ctx.method === "OPTIONS") {
        ctx.set("Allow", PAGE_METHODS);
        ctx.status = 204;
        return;
      }
      throw new ApiError(405, ErrorId.methodNotAllowed, "This address does not accept that kind of request.", undefined, { Allow: PAGE_METHODS });
    }
    await next();
  };
}
