import type { Middleware } from "koa";

/**
 * The largest refused body the server still reads (and drops) to keep the connection for the client's
 * next request. Past it, the connection is closed after the answer instead.
 */
const DRAIN_AT_MOST = 64 * 1024;

/**
 * A request refused as too large (413) before its body was read closes its connection after the answer
 * when the body is large. Node would otherwise read the rest to keep the connection open: a megabyte a
 * refusal, read only to be thrown away, on the event loop, and garbage for the collector. Eight
 * connections sending 1 MB forms kept the collector's threads at about a core.
 *
 * Only 413: nothing a page or an app can send is that large (the forms' fields have their maximum
 * lengths, and both admin apps check a file's size before they send it), and the client may lose the
 * answer in the reset if it is still sending. Other refusals of a large body (a volunteer's upload
 * after the session ended, a second upload while one is saved) keep Node's reading to the end, so the
 * volunteer reads why.
 */
export function closeAfterUnreadBodies(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 413 || ctx.req.complete || ctx.headerSent) return;
    const declared = ctx.get("Content-Length");
    // A body of unknown length (chunked) may be of any size.
    const size = declared ? Number(declared) : Infinity;
    if (!(size <= DRAIN_AT_MOST)) ctx.set("Connection", "close");
  };
}
