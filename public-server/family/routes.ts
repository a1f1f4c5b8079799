import { bodyParser } from "@koa/bodyparser";
import type { Context, Middleware } from "koa";
import { FamilyLinkRequest } from "../../shared/schemas/public";
import type { ServerConfig } from "../config";
import type { AppState, Services } from "../context";
import { familyChange, familyView, FAMILY_CHANGES, linkById, linkForToken, MANAGE_PATH, markUsed, type FamilyChange } from "../commands/family";
import { BadRequest } from "../errors";
import { msg } from "../../shared/i18n/translate";
import { FlowerEntryInput } from "../../shared/schemas/admin";
import { askCorrection, type CorrectionOutcome } from "../commands/corrections";
import { toIssues } from "../lib/validate";
import { RateLimiter } from "../lib/rateLimiter";
import { enqueueFamilyLink } from "../mail/hooks";
import { sameOriginWrites } from "../middlewares/security";
import { lengthChecked } from "../middlewares/limits";
import {
  barePath,
  confirmDeletePage,
  managePage,
  NO_LINK_QUERY,
  noLinkPage,
  pageLanguage,
  stopUpdatesPage,
  type NoLinkReason,
  type PageLanguage,
} from "./page";
import { isUnsubscribeToken, stopUpdates, unsubscribeKey, UNSUBSCRIBE_PATH } from "./unsubscribe";
import { isNotesChange, manageNotes, notesDone, notesSection } from "./notes";
import { notesView } from "../commands/remembrance";
import { flowersOfAddress } from "../queries/memorialFlowers";
import { issueText } from "../../shared/i18n/issues";
import { LOCALES } from "../../shared/i18n/locale";
import { languageOn, localePath, pathFor } from "../../shared/i18n/content";
import { t } from "../lib/catalogs";

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

/** The most any form of these pages sends, with room to spare: bodies declared longer are refused unread. */
const FAMILY_FORM_BYTES = 16 * 1024;

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
  const body = lengthChecked(bodyParser({ enableTypes: ["form"], formLimit: FAMILY_FORM_BYTES, encoding: "utf-8" }), FAMILY_FORM_BYTES);
  const perConnection = new RateLimiter(ASKS_PER_HOUR, 3_600_000, undefined, () => config.now().getTime());
  const perAddress = new RateLimiter(ASKS_PER_ADDRESS_PER_HOUR, 3_600_000, undefined, () => config.now().getTime());
  const updatesKey = unsubscribeKey(config);
  const unsubscribes = new RateLimiter(UNSUBSCRIBES_PER_HOUR, 3_600_000, UNSUBSCRIBE_CONNECTIONS, () => config.now().getTime());
  const refusedUnsubscribes = new RateLimiter(REFUSED_UNSUBSCRIBES_PER_HOUR, 3_600_000, UNSUBSCRIBE_CONNECTIONS, () => config.now().getTime());
  let waitingAsks = 0;
  let asks: Promise<unknown> = Promise.resolve();

  const cookieName = (ctx: Context) => (ctx.secure ? `__Secure-${COOKIE}` : COOKIE);
  // Not `overwrite`: it would drop the cookie just set for the other language's path (same name). Each answer sets them once.
  const cookieOptions = (ctx: Context, path: string) =>
    ({ httpOnly: true, sameSite: "lax", path, secure: ctx.secure, signed: true, overwrite: false }) as const;
  /**
   * The cookie goes to the manage page's address in each language the team offers (/manage-memorial,
   * /es/manage-memorial), so its language link keeps the page open; to nowhere else.
   */
  const cookiePaths = () => LOCALES.filter((l) => languageOn(s.site.get(), l)).map((l) => localePath(l, MANAGE_PATH));
  const setSession = (ctx: Context, linkId: number) => {
    for (const path of cookiePaths())
      ctx.cookies.set(cookieName(ctx), `${linkId}.${config.now().getTime() + COOKIE_MS}`, { ...cookieOptions(ctx, path), maxAge: COOKIE_MS });
  };
  const clearSession = (ctx: Context) => {
    for (const path of cookiePaths()) ctx.cookies.set(cookieName(ctx), null, cookieOptions(ctx, path));
  };

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

  /** Sends the browser on with a 303 (a form's answer, or a token exchanged for the cookie). */
  function seeOther(ctx: Context, address: string) {
    ctx.status = 303;
    ctx.redirect(address);
  }

  async function get(ctx: Context, lang: PageLanguage) {
    const site = s.site.get();
    const token = ctx.query.token;
    if (token !== undefined) {
      const link = typeof token === "string" ? await linkForToken(s, token) : null;
      const view = link ? await familyView(s, link.flowerId) : null;
      if (link) {
        await markUsed(s, link.linkId);
        setSession(ctx, link.linkId);
      } else clearSession(ctx);
      // The page opens in the language the family wrote in, whichever address their email had.
      return seeOther(ctx, view ? pathFor(site, view.language, MANAGE_PATH) : `${lang.to(MANAGE_PATH)}${NO_LINK_QUERY.ended}`);
    }
    const link = await session(ctx);
    const view = link ? await familyView(s, link.flowerId) : null;
    if (!link || !view) {
      const shown = ctx.query.link === "ended" ? "ended" : ctx.query.sent === "1" ? "sent" : ctx.query.done === "delete" ? "deleted" : "none";
      return answer(ctx, noLinkPage(site, lang, shown satisfies NoLinkReason));
    }
    setSession(ctx, link.linkId); // a family reading slowly keeps the page as long as they use it
    if (ctx.query.confirm === "delete") return answer(ctx, confirmDeletePage(site, lang, view));
    const said = String(ctx.query.done ?? "");
    const done = [...FAMILY_CHANGES, ...CORRECTION_DONE].includes(said as never) ? (said as FamilyChange | (typeof CORRECTION_DONE)[number]) : null;
    const sections = view.hasEmail ? [notesSection(site, lang, await notesView(s, link.flowerId, lang.locale), notesDone(ctx.query.notes))] : [];
    answer(ctx, managePage(site, lang, view, done, null, sections));
  }

  async function post(ctx: Context, lang: PageLanguage) {
    const manage = lang.to(MANAGE_PATH);
    const ended = `${manage}${NO_LINK_QUERY.ended}`;
    const fields = (ctx.request.body ?? {}) as Record<string, unknown>;
    if (fields.change === "correct") return correct(ctx, lang, fields);
    const change = fields.change as FamilyChange;
    if (isNotesChange(fields.change)) {
      const link = await session(ctx);
      return seeOther(ctx, link ? await manageNotes(s, lang, link.flowerId, fields.change, fields) : ended);
    }
    if (!FAMILY_CHANGES.includes(change)) throw BadRequest(msg("We could not tell which change you chose. Please go back to the page and try again."));
    const link = await session(ctx);
    if (!link) return seeOther(ctx, ended);
    // Deleting everything is asked once more, on a page of its own, before it is done.
    if (change === "delete" && fields.confirm !== "yes") return seeOther(ctx, `${manage}?confirm=delete`);
    await familyChange(s, link.flowerId, change);
    if (change === "delete") clearSession(ctx);
    seeOther(ctx, `${manage}?done=${change}`);
  }

  /**
   * A correction to the names, the date or the flower, checked with the
   * flower's own schema: with a problem, the page comes back (400) with the
   * form as sent and a sentence beside each field; otherwise it waits for a
   * volunteer (see askCorrection) and the page says so.
   */
  async function correct(ctx: Context, lang: PageLanguage, fields: Record<string, unknown>) {
    const link = await session(ctx);
    const view = link ? await familyView(s, link.flowerId) : null;
    if (!link || !view) return seeOther(ctx, `${lang.to(MANAGE_PATH)}${NO_LINK_QUERY.ended}`);
    const parsed = FlowerEntryInput.safeParse(fields);
    if (!parsed.success) {
      // The schema's sentences are the catalog's msgids: said in the page's language, as the site's plain forms say them.
      const say = (issue: Parameters<typeof issueText>[0]) => issueText(issue, (id, values) => t(lang.locale, id, values));
      const problems = Object.fromEntries(toIssues(parsed.error, say).flatMap((i) => (i.path ? [[i.path, i.message]] : [])));
      return answer(ctx, managePage(s.site.get(), lang, view, null, { values: fields, problems }), 400);
    }
    const outcome = await askCorrection(s, link.flowerId, parsed.data);
    seeOther(ctx, `${lang.to(MANAGE_PATH)}?done=correction-${outcome}`);
  }

  /**
   * "Email me my link": always the same answer, whether the address is on
   * file or not, and the lookup is done after it, so neither the words nor
   * the time tell. Links go only to the address on file.
   */
  function ask(ctx: Context, lang: PageLanguage) {
    const parsed = FamilyLinkRequest.safeParse(ctx.request.body ?? {});
    const address = parsed.success ? parsed.data.email.toLowerCase() : "";
    if (address && perConnection.take(ctx.ip) === 0 && perAddress.take(address) === 0 && waitingAsks < MAX_WAITING_ASKS) {
      waitingAsks++;
      asks = asks
        .then(() => sendLinks(address))
        .catch((err: unknown) => s.log.error("family_link_ask_failed", { error: err instanceof Error ? err.message.slice(0, 200) : String(err) }))
        .finally(() => waitingAsks--);
    }
    seeOther(ctx, `${lang.to(MANAGE_PATH)}${NO_LINK_QUERY.sent}`);
  }

  async function sendLinks(address: string) {
    await s.db.transaction(async (tx) => {
      for (const row of await flowersOfAddress(tx, address, MAX_FLOWERS_PER_ASK)) await enqueueFamilyLink(s, tx, row.id, row.email);
    });
  }

  /**
   * An updates email's unsubscribe link (RFC 8058). A GET only asks; a POST
   * stops the updates on the token alone. It is the one address here that
   * takes a POST from anywhere, without cookies: a mail provider's one-click
   * comes from its own servers, and the token is all it can carry. Its body
   * ("List-Unsubscribe=One-Click") is not read.
   */
  async function unsubscribe(ctx: Context, lang: PageLanguage) {
    // Counted as refused before the token is read, given back if it is good: parallel guesses cannot all pass the check first.
    let wait = unsubscribes.take(ctx.ip);
    if (wait === 0 && (wait = refusedUnsubscribes.take(ctx.ip)) > 0) unsubscribes.release(ctx.ip);
    if (wait > 0) {
      ctx.set("Retry-After", String(wait));
      return answer(ctx, stopUpdatesPage(s.site.get(), lang, "busy", ""), 429);
    }
    const token = typeof ctx.query.token === "string" ? ctx.query.token : "";
    const good = ctx.method === "POST" ? await stopUpdates(s, updatesKey, token) : await isUnsubscribeToken(s, updatesKey, token);
    if (good) refusedUnsubscribes.release(ctx.ip);
    answer(ctx, stopUpdatesPage(s.site.get(), lang, good ? (ctx.method === "POST" ? "stopped" : "ask") : "ended", token), good ? 200 : 404);
  }

  return async (ctx, next) => {
    // Each page at its address in each language (/es/manage-memorial…), speaking that language.
    const path = barePath(ctx.path);
    if (path !== MANAGE_PATH && path !== `${MANAGE_PATH}/email-link` && path !== UNSUBSCRIBE_PATH) return next();
    const lang = pageLanguage(s.site.get(), ctx.path);
    ctx.set("Referrer-Policy", "no-referrer");
    ctx.set("X-Robots-Tag", "noindex, nofollow");
    ctx.set("Cache-Control", "no-store");
    ctx.set("X-Frame-Options", "DENY");
    ctx.set(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    if (path === UNSUBSCRIBE_PATH) return ["GET", "HEAD", "POST"].includes(ctx.method) ? unsubscribe(ctx, lang) : next();
    if (ctx.method === "GET" || ctx.method === "HEAD") {
      if (path !== MANAGE_PATH) return next();
      return get(ctx, lang);
    }
    if (ctx.method !== "POST") return next();
    // With no referrer, a browser sends "Origin: null" on this page's own forms; Sec-Fetch-Site still tells where they came from.
    const ownForm = ctx.get("Origin") === "null" && ctx.get("Sec-Fetch-Site") === "same-origin";
    if (ownForm) await body(ctx, async () => undefined);
    else await sameOrigin(ctx, () => body(ctx, async () => undefined));
    return path === MANAGE_PATH ? post(ctx, lang) : ask(ctx, lang);
  };
}
