import type { Context } from "koa";

/** The session cookie's name over plain HTTP (development, tests on loopback). */
export const SESSION_COOKIE = "garden.sid";
/**
 * Over HTTPS (directly, or through a trusted proxy) the cookie is Secure and
 * named with the `__Host-` prefix: browsers then accept it only when it is
 * Secure, for the whole site and this exact host, so a neighbouring subdomain
 * or a plain-HTTP page can neither set nor replace it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export const sessionCookieName = (ctx: Context) => (ctx.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

export interface CookieSettings {
  maxAge: number;
}

/** koa-session's `externalKey`: reads and writes the session id under the name fit for this request. */
export function sessionCookieKey(settings: CookieSettings) {
  return {
    get: (ctx: Context): string => ctx.cookies.get(sessionCookieName(ctx), { signed: true }) ?? "",
    set: (ctx: Context, id: string): void => {
      ctx.cookies.set(sessionCookieName(ctx), id, {
        maxAge: settings.maxAge,
        httpOnly: true,
        sameSite: "lax",
        signed: true,
        overwrite: true,
        path: "/",
        // Secure exactly when the request came over TLS (the __Host- name demands it).
        secure: ctx.secure,
      });
    },
  };
}

/** Clears the prefixed cookie at sign-out (koa-session clears the plain name itself). */
export function clearSecureSessionCookie(ctx: Context): void {
  if (ctx.secure)
    ctx.cookies.set(SECURE_SESSION_COOKIE, "", {
      expires: new Date(0),
      path: "/",
      secure: true,
      httpOnly: true,
      sameSite: "lax",
      signed: true,
      overwrite: true,
    });
}
