import { bodyParser } from "@koa/bodyparser";
import type { Context, Middleware } from "koa";
import { FamilyLinkRequest } from "../../shared/schemas/public";
import type { ServerConfig } from "../config";
import type { AppState, Services } from "../context";
import { familyChange, familyView, FAMILY_CHANGES, linkById, linkForToken, MANAGE_PATH, markUsed, type FamilyChange } from "../commands/family";
import { BadRequest } from "../errors";
import { FlowerEntryInput } from "../../shared/schemas/admin";
import { askCorrection, type CorrectionOutcome } from "../commands/corrections";
import { toIssues } from "../lib/validate";
import { RateLimiter } from "../lib/rateLimiter";
import { enqueueFamilyLink } from "../mail/hooks";
import { sameOriginWrites } from "../middlewares/security";
import { confirmDeletePage, managePage, noLinkPage, stopUpdatesPage, type NoLinkReason } from "./page";
import { isUnsubscribeToken, stopUpdates, unsubscribeKey, UNSUBSCRIBE_PATH } from "./unsubscribe";
import { isNotesChange, manageNotes, notesDone, notesSection } from "./notes";
import { notesView } from "../commands/remembrance";

/** What the page says after a correction was sent (?done=). */
const CORRECTION_DONE: `correction-${CorrectionOutcome}`[] = ["correction-asked", "correction-applied", "correction-same"];

/** Names the open link for the manage page only; signed, so it cannot be forged or changed. */
const COOKIE = "garden.manage";
/** Long enough to make a few choices; a family comes back later through their link. */
const COOKIE_MS = 30 * 60_000;
/** "Email me my link" per connection and per address: enough for a mistyped address or two, not for a flood of emails. */
const ASKS_PER_HOUR = 5;
const ASKS_PER_ADDRESS_PER_HOUR = 3;
/** Flowers one address may be sent links for in one ask (a family with several memorials). */
const MAX_FLOWERS_PER_ASK = 20;
/** Asks waiting to be looked up at once; more are answered the same and dropped. */
const MAX_WAITING_ASKS = 100;
/**
 * The unsubscribe address, per connection: a mail provider's one-click comes
 * from its own servers, for many of its users, so the bound on every request
 * is loose; a token that is not good (a guess, a link cut short) counts
 * against a tight one. Connections tracked at most, the least recent dropped.
 */
const UNSUBSCRIBES_PER_HOUR = 120;
const REFUSED_UNSUBSCRIBES_PER_HOUR = 10;
const UNSUBSCRIBE_CONNECTIONS = 10_000;

/**
 * A family's private pages to manage their memorial, without an account
 * (MANAGE_PATH). Opening the link (`?token=`) changes nothing about the
 * memorial: it exchanges the token for a short-lived cookie sent only to
 * this path and answers 303 to the bare address, so the token leaves the
 * address bar, the history and any Referer (the request log records paths
 * only). Every change is a plain POST through the same-origin check. The
 * pages send no referrer, are kept out of search engines and every cache,
 * load nothing from elsewhere, and work without JavaScript.
 */
export function familyPages(config: ServerConfig, s: Services): Middleware<AppState> {
  const sameOrigin = sameOriginWrites(config.allowedOrigins);
  const body = bodyParser({ enableTypes: ["form"], formLimit: "16kb", encoding: "utf-8" });
  const perConnection = new RateLimiter(ASKS_PER_HOUR, 3_600_000, undefined, () => config.now().getTime());
  const perAddress = new RateLimiter(ASKS_PER_ADDRESS_PER_HOUR, 3_600_000, undefined, () => config.now().getTime());
  const updatesKey = unsubscribeKey(config);
  const unsubscribes = new RateLimiter(UNSUBSCRIBES_PER_HOUR, 3_600_000, UNSUBSCRIBE_CONNECTIONS, () => config.now().getTime());
  const refusedUnsubscribes = new RateLimiter(REFUSED_UNSUBSCRIBES_PER_HOUR, 3_600_000, UNSUBSCRIBE_CONNECTIONS, () => config.now().getTime());
  let waitingAsks = 0;
  let asks: Promise<unknown> = Promise.resolve();

  const cookieName = (ctx: Context) => (ctx.secure ? `__Secure-${COOKIE}` : COOKIE);
  const cookieOptions = (ctx: Context) => ({ httpOnly: true, sameSite: "lax", path: MANAGE_PATH, secure: ctx.secure, signed: true, overwrite: true }) as const;
  const setSession = (ctx: Context, linkId: number) =>
    ctx.cookies.set(cookieName(ctx), `${linkId}.${config.now().getTime() + COOKIE_MS}`, { ...cookieOptions(ctx), maxAge: COOKIE_MS });
  const clearSession = (ctx: Context) => ctx.cookies.set(cookieName(ctx), null, cookieOptions(ctx));

  /** The link this browser opened, while its cookie lasts and the link still works. */
  async function session(ctx: Context) {
    const value = ctx.cookies.get(cookieName(ctx), { signed: true });
    const match = value ? /^(\d{1,15})\.(\d{1,15})$/.exec(value) : null;
    if (!match || Number(match[2]) < config.now().getTime()) return null;
    return linkById(s, Number(match[1]));
  }

  function answer(ctx: Context, html: string, status = 200) {
    ctx.status = status;
    ctx.type = "html";
    ctx.body = html;
  }

  async function get(ctx: Context) {
    const token = ctx.query.token;
    if (token !== undefined) {
      const link = typeof token === "string" ? await linkForToken(s, token) : null;
      if (link) {
        await markUsed(s, link.linkId);
        setSession(ctx, link.linkId);
      } else clearSession(ctx);
      ctx.status = 303;
      ctx.redirect(link ? MANAGE_PATH : `${MANAGE_PATH}?link=ended`);
      return;
    }
    const site = s.site.get();
    const link = await session(ctx);
    const view = link ? await familyView(s, link.flowerId) : null;
    if (!link || !view) {
      const shown = ctx.query.link === "ended" ? "ended" : ctx.query.sent === "1" ? "sent" : ctx.query.done === "delete" ? "deleted" : "none";
      return answer(ctx, noLinkPage(site, shown satisfies NoLinkReason));
    }
    setSession(ctx, link.linkId); // a family reading slowly keeps the page as long as they use it
    if (ctx.query.confirm === "delete") return answer(ctx, confirmDeletePage(site, view));
    const said = String(ctx.query.done ?? "");
    const done = [...FAMILY_CHANGES, ...CORRECTION_DONE].includes(said as never) ? (said as FamilyChange | (typeof CORRECTION_DONE)[number]) : null;
    const sections = view.hasEmail ? [notesSection(site, await notesView(s, link.flowerId), notesDone(ctx.query.notes))] : [];
    answer(ctx, managePage(site, view, done, null, sections));
  }

  async function post(ctx: Context) {
    const fields = (ctx.request.body ?? {}) as Record<string, unknown>;
    if (fields.change === "correct") return correct(ctx, fields);
    const change = fields.change as FamilyChange;
    if (isNotesChange(fields.change)) {
      const link = await session(ctx);
      ctx.status = 303;
      ctx.redirect(link ? await manageNotes(s, link.flowerId, fields.change, fields) : `${MANAGE_PATH}?link=ended`);
      return;
    }
    if (!FAMILY_CHANGES.includes(change)) throw BadRequest("We could not tell which change you chose. Please go back to the page and try again.");
    const link = await session(ctx);
    if (!link) {
      ctx.status = 303;
      ctx.redirect(`${MANAGE_PATH}?link=ended`);
      return;
    }
    // Deleting everything is asked once more, on a page of its own, before it is done.
    if (change === "delete" && fields.confirm !== "yes") {
      ctx.status = 303;
      ctx.redirect(`${MANAGE_PATH}?confirm=delete`);
      return;
    }
    await familyChange(s, link.flowerId, change);
    if (change === "delete") clearSession(ctx);
    ctx.status = 303;
    ctx.redirect(`${MANAGE_PATH}?done=${change}`);
  }

  /**
   * A correction to the names, the date or the flower, checked with the
   * flower's own schema: with a problem, the page comes back (400) with the
   * form as sent and a sentence beside each field; otherwise it waits for a
   * volunteer (see askCorrection) and the page says so.
   */
  async function correct(ctx: Context, fields: Record<string, unknown>) {
    const link = await session(ctx);
    const view = link ? await familyView(s, link.flowerId) : null;
    if (!link || !view) {
      ctx.status = 303;
      ctx.redirect(`${MANAGE_PATH}?link=ended`);
      return;
    }
    const parsed = FlowerEntryInput.safeParse(fields);
    if (!parsed.success) {
      const problems = Object.fromEntries(toIssues(parsed.error).flatMap((i) => (i.path ? [[i.path, i.message]] : [])));
      return answer(ctx, managePage(s.site.get(), view, null, { values: fields, problems }), 400);
    }
    const outcome = await askCorrection(s, link.flowerId, parsed.data);
    ctx.status = 303;
    ctx.redirect(`${MANAGE_PATH}?done=correction-${outcome}`);
  }

  /**
   * "Email me my link": always the same answer, whether the address is on
   * file or not, and the lookup is done after it, so neither the words nor
   * the time tell. Links go only to the address on file.
   */
  function ask(ctx: Context) {
    const parsed = FamilyLinkRequest.safeParse(ctx.request.body ?? {});
    const address = parsed.success ? parsed.data.email.toLowerCase() : "";
    if (address && perConnection.take(ctx.ip) === 0 && perAddress.take(address) === 0 && waitingAsks < MAX_WAITING_ASKS) {
      waitingAsks++;
      asks = asks
        .then(() => sendLinks(address))
        .catch((err: unknown) => s.log.error("family_link_ask_failed", { error: err instanceof Error ? err.message.slice(0, 200) : String(err) }))
        .finally(() => waitingAsks--);
    }
    ctx.status = 303;
    ctx.redirect(`${MANAGE_PATH}?sent=1`);
  }

  async function sendLinks(address: string) {
    await s.db.transaction(async (tx) => {
      const rows: { id: number; email: string }[] = await tx.query(
        `SELECT id, trim(email) AS email FROM memorial_flowers WHERE email IS NOT NULL AND lower(trim(email)) = ? ORDER BY id DESC LIMIT ${MAX_FLOWERS_PER_ASK}`,
        [address],
      );
      for (const row of rows) await enqueueFamilyLink(s, tx, row.id, row.email);
    });
  }

  /**
   * An updates email's unsubscribe link (RFC 8058). A GET only asks; a POST
   * stops the updates on the token alone. It is the one address here that
   * takes a POST from anywhere, without cookies: a mail provider's one-click
   * comes from its own servers, and the token is all it can carry. Its body
   * ("List-Unsubscribe=One-Click") is not read.
   */
  async function unsubscribe(ctx: Context) {
    // Counted as refused before the token is read, given back if it is good: parallel guesses cannot all pass the check first.
    let wait = unsubscribes.take(ctx.ip);
    if (wait === 0 && (wait = refusedUnsubscribes.take(ctx.ip)) > 0) unsubscribes.release(ctx.ip);
    if (wait > 0) {
      ctx.set("Retry-After", String(wait));
      return answer(ctx, stopUpdatesPage(s.site.get(), "busy", ""), 429);
    }
    const token = typeof ctx.query.token === "string" ? ctx.query.token : "";
    const good = ctx.method === "POST" ? await stopUpdates(s, updatesKey, token) : await isUnsubscribeToken(s, updatesKey, token);
    if (good) refusedUnsubscribes.release(ctx.ip);
    answer(ctx, stopUpdatesPage(s.site.get(), good ? (ctx.method === "POST" ? "stopped" : "ask") : "ended", token), good ? 200 : 404);
  }

  return async (ctx, next) => {
    const path = ctx.path.length > 1 ? ctx.path.replace(/\/+$/, "") : ctx.path;
    if (path !== MANAGE_PATH && path !== `${MANAGE_PATH}/email-link` && path !== UNSUBSCRIBE_PATH) return next();
    ctx.set("Referrer-Policy", "no-referrer");
    ctx.set("X-Robots-Tag", "noindex, nofollow");
    ctx.set("Cache-Control", "no-store");
    ctx.set("X-Frame-Options", "DENY");
    ctx.set(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    if (path === UNSUBSCRIBE_PATH) return ["GET", "HEAD", "POST"].includes(ctx.method) ? unsubscribe(ctx) : next();
    if (ctx.method === "GET" || ctx.method === "HEAD") {
      if (path !== MANAGE_PATH) return next();
      return get(ctx);
    }
    if (ctx.method !== "POST") return next();
    // With no referrer, a browser sends "Origin: null" on this page's own forms; Sec-Fetch-Site still tells where they came from.
    const ownForm = ctx.get("Origin") === "null" && ctx.get("Sec-Fetch-Site") === "same-origin";
    if (ownForm) await body(ctx as never, async () => undefined);
    else await sameOrigin(ctx, () => body(ctx as never, async () => undefined));
    return path === MANAGE_PATH ? post(ctx) : ask(ctx);
  };
}
