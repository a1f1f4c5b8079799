import type { Middleware } from "koa";
import { Forbidden } from "../errors";

/**
 * Security headers for every answer. The CSP allows our own origin only,
 * plus the configured donation form's origin in a frame (SPEC's
 * /support-donation embeds it). Styles allow inline because the toast
 * library injects its own style element.
 */
export function securityHeaders(donationOrigin: () => string | null): Middleware {
  let cachedFor: string | null | undefined;
  let csp = "";
  return async (ctx, next) => {
    const origin = donationOrigin();
    if (origin !== cachedFor) {
      cachedFor = origin;
      csp = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        `frame-src ${origin ?? "'none'"}`,
        "frame-ancestors 'self'",
        "form-action 'self'",
        "base-uri 'self'",
        "object-src 'none'",
      ].join("; ");
    }
    ctx.set("Content-Security-Policy", csp);
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.set("Referrer-Policy", "strict-origin-when-cross-origin");
    ctx.set("X-Frame-Options", "SAMEORIGIN");
    ctx.set("Cross-Origin-Opener-Policy", "same-origin");
    ctx.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    await next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request sent by another site's page (CSRF).
 * Browsers send Origin (and Sec-Fetch-Site) on such requests; the desktop
 * app calls from its main process, which sends neither, and is let through.
 */
export function sameOriginWrites(allowedOrigins: string[]): Middleware {
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const origin = ctx.get("Origin");
      if (origin) {
        if (!allowedOrigins.includes(origin) && hostOf(origin) !== ctx.host) throw crossSite();
      } else if (ctx.get("Sec-Fetch-Site") === "cross-site") {
        throw crossSite();
      }
    }
    await next();
  };
}

const crossSite = () => Forbidden("This request came from another website, so we did not accept it.");

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
