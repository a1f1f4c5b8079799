import fs from "node:fs";
import path from "node:path";
import type { Middleware } from "koa";
import serve from "koa-static";
import type { ServerConfig } from "./config";
import type { AppState, Services } from "./context";

/**
 * Serves the built site: files under dist/web (hashed assets cached for a
 * year), and for any other page address the site's index.html, whose router
 * shows the page or its not-found page.
 */
export function siteHandler(config: ServerConfig, _s: Services): Middleware<AppState> {
  const files = serve(config.webDir, {
    index: false,
    gzip: true,
    brotli: true,
    setHeaders(res, file) {
      if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      else res.setHeader("Cache-Control", "no-cache");
    },
  });
  const indexFile = path.join(config.webDir, "index.html");
  return async (ctx, next) => {
    if ((ctx.method !== "GET" && ctx.method !== "HEAD") || isApiPath(ctx.path)) return next();
    await files(ctx as never, async () => undefined);
    if (ctx.body !== undefined || ctx.status !== 404) return;
    ctx.type = "html";
    ctx.set("Cache-Control", "no-cache");
    ctx.body = fs.existsSync(indexFile)
      ? fs.createReadStream(indexFile)
      : "<!doctype html><html lang=en><title>Not built</title><p>The website has not been built yet. Run <code>npm run build</code>.</p></html>";
    ctx.status = 200;
  };
}

/** True for /api and everything below it: those paths never fall through to the site. */
export const isApiPath = (p: string) => p === "/api" || p.startsWith("/api/");
