import type { Middleware } from "koa";
import { Forbidden } from "../errors";

/** HSTS for a year. Not includeSubDomains: other hosts of the organisation's domain may not have HTTPS. */
const HSTS = "max-age=31536000";

interface Policies {
  /** CSP for public pages, which only our own pages may frame. */
  page: string;
  /** CSP for the admin and the API, which nobody may frame (clickjacking). */
  closed: string;
  permissions: string;
}

/**
 * Security headers for every answer. The CSP allows our own origin only,
 * plus the configured donation form's origin in a frame (the product's
 * /support-donation embeds it), and payment only for that origin, so
 * Apple Pay and Google Pay work inside the form and nowhere else. Styles
 * allow inline because the toast library injects its own style element.
 * HSTS is sent only on HTTPS, which behind a reverse proxy is known from
 * X-Forwarded-Proto only when TRUST_PROXY says the proxy is trusted.
 */
export function securityHeaders(donationOrigin: () => string | null): Middleware {
  let cachedFor: string | null | undefined;
  let policies: Policies = { page: "", closed: "", permissions: "" };
  return async (ctx, next) => {
    const origin = donationOrigin();
    if (origin !== cachedFor) {
      cachedFor = origin;
      policies = buildPolicies(origin);
    }
    const closed = isAdminOrApi(ctx.path);
    ctx.set("Content-Security-Policy", closed ? policies.closed : policies.page);
    ctx.set("X-Frame-Options", closed ? "DENY" : "SAMEORIGIN");
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.set("Referrer-Policy", "strict-origin-when-cross-origin");
    ctx.set("Cross-Origin-Opener-Policy", "same-origin");
    ctx.set("Permissions-Policy", policies.permissions);
    if (ctx.secure) ctx.set("Strict-Transport-Security", HSTS);
    await next();
  };
}

function buildPolicies(origin: string | null): Policies {
  // Fonts, fetches and workers fall back to default-src 'self': naming them again only lengthens every answer's headers.
  const csp = (frameAncestors: string) =>
    [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      `frame-src ${origin ?? "'none'"}`,
      `frame-ancestors ${frameAncestors}`,
      "form-action 'self'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; ");
  return {
    page: csp("'self'"),
    closed: csp("'none'"),
    permissions: `camera=(), microphone=(), geolocation=(), payment=(${origin ? JSON.stringify(origin) : ""})`,
  };
}

/** /admin and /api (any case, encoded, doubled slashes or dot segments): never framed. */
function isAdminOrApi(rawPath: string): boolean {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // A malformed escape: judge the raw text.
  }
  const path = decoded
    .toLowerCase()
    .replace(/\\/g, "/")
    .replace(/\/(\.\/)+/g, "/")
    .replace(/\/{2,}/g, "/");
  return /^\/(admin|api)(\/|;|$)/.test(path);
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
