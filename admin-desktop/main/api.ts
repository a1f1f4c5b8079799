/**
 * The desktop app's HTTP client for the server's /api. It runs in main only
 * and keeps the session cookie in its own jar: neither the cookie nor the
 * password ever reaches the renderer. Plain Node (global fetch), so tests run
 * it against the real server without Electron.
 */
import type { z } from "zod";
import {
  type AdminCommentDto,
  type AdminFlowerDto,
  type AdminTestimonialDto,
  type BulkUpdateDto,
  type BulkUpdateQuery,
  type MessageDto,
  type ResetImportResult,
  type UpdateConflicts,
} from "../../shared/schemas/admin";
import { API_ROUTES, type ApiRoute } from "../../shared/schemas/routes";
import type { SessionUserDto } from "../../shared/schemas/session";
import { ErrorId } from "../../shared/errors";
import { PROXY_COULD_NOT_PASS, PROXY_TOO_LARGE } from "../../shared/messages";
import { SERVICE_HEADER, SERVICE_NAME } from "../../shared/constants";
import { IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER } from "../../shared/schemas/admin";
import type { ItemKind } from "../ipc";
import { ErrorBodySchema } from "./wire";

/** The server answered with a non-2xx status. `message` is the server's sentence when it sent one. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errorId?: string,
    /** A bulk update's rows changed since the download (with a 409): nothing was changed. */
    readonly conflicts?: UpdateConflicts,
  ) {
    super(message);
  }
}

/**
 * The server could not be reached (no network, refused, timed out, or an
 * answer that is not the server's). `notSent` is true only when the request
 * provably never left this computer (no route, name not found, connection
 * refused): then nothing can have happened on the server.
 */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly notSent = false,
  ) {
    super(message);
  }
}

/** What answers at an address, learnt from /api/health before any password is sent. */
export type ServerCheck =
  | { kind: "garden"; healthy: boolean }
  /** Something answered, but not a Garden of Remembrance server (a parish website, a hosting page). */
  | { kind: "not-garden"; status: number }
  /** A proxy answered for the server behind it, which is down (502, 503, 504 without the service's mark). */
  | { kind: "server-down"; status: number }
  /** The TLS certificate is not one this computer trusts (self-signed, expired, for another name). */
  | { kind: "certificate"; code: string }
  | { kind: "unreachable" };

/** Node's TLS verification failures: the connection was refused by us, not by the network. */
const CERTIFICATE_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS_|HOSTNAME|ALTNAME/;

function certificateCode(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth += 1) {
    if (typeof e.code === "string" && CERTIFICATE_CODES.test(e.code)) return e.code;
  }
  return null;
}

/** Failures that happen before a connection exists, so no byte of the request reached the server. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH", "ENETDOWN", "EADDRNOTAVAIL"]);

function neverLeft(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === "string" && NOT_SENT_CODES.has(cause.code);
}

/** Each kind's routes: its pending list, one item, approve and decline. */
const ROUTES = {
  testimonial: {
    list: API_ROUTES.adminTestimonials,
    one: API_ROUTES.adminTestimonial,
    approve: API_ROUTES.approveTestimonial,
    remove: API_ROUTES.deleteTestimonial,
  },
  flower: { list: API_ROUTES.adminFlowers, one: API_ROUTES.adminFlower, approve: API_ROUTES.approveFlower, remove: API_ROUTES.deleteFlower },
  comment: { list: API_ROUTES.adminComments, one: API_ROUTES.adminComment, approve: API_ROUTES.approveComment, remove: API_ROUTES.deleteComment },
} as const;

/** A route's address with its ":id" filled in. */
const at = (route: { path: string }, id: number) => route.path.replace(":id", String(id));

type AnyAdminDto = AdminTestimonialDto | AdminFlowerDto | AdminCommentDto;

/** The most items one page of a pending list may hold (the server's limit). */
export const PAGE_SIZE = 100;

export type FetchLike = typeof fetch;

/** A body sent as a CSV file (text/csv) instead of as JSON. */
class CsvBody {
  constructor(readonly text: string) {}
}

/** A JSON body already written: a big one is written a slice at a time (csvTasks.ts), never in one go on main's thread. */
class JsonText {
  constructor(readonly text: string) {}
}

/** The cookies that make up a session (koa-session's value and its signature; "__Host-" first over HTTPS). */
const SESSION_COOKIES = /^(__Host-)?garden\.sid(\.sig)?$/;

export class ApiClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly fetchFn: FetchLike = fetch,
    private readonly timeoutMs = 20_000,
  ) {}

  /** The session cookies as one Cookie header value, for the encrypted remembered session. */
  exportSession(): string | null {
    return this.cookies.size ? this.cookieHeader() : null;
  }

  /** Restores cookies saved by exportSession. Only the session's own cookies are taken. */
  importSession(header: string): void {
    this.cookies.clear();
    for (const part of header.split(";")) {
      const eq = part.indexOf("=");
      const name = part.slice(0, eq).trim();
      if (eq > 0 && SESSION_COOKIES.test(name)) this.cookies.set(name, part.slice(eq + 1).trim());
    }
  }

  clearSession(): void {
    this.cookies.clear();
  }

  get hasSession(): boolean {
    return this.cookies.size > 0;
  }

  login(username: string, password: string): Promise<SessionUserDto> {
    return this.call(API_ROUTES.login, API_ROUTES.login.path, { username, password });
  }

  currentUser(): Promise<SessionUserDto> {
    return this.call(API_ROUTES.user, API_ROUTES.user.path);
  }

  async logout(): Promise<void> {
    try {
      await this.call(API_ROUTES.logout, API_ROUTES.logout.path, {});
    } finally {
      this.cookies.clear();
    }
  }

  /**
   * Who answers at this address, asked without a session or password: only an answer carrying the
   * service's header (shared/constants SERVICE_HEADER, on 503s too) is a Garden of Remembrance server.
   */
  async identify(timeoutMs = 5_000): Promise<ServerCheck> {
    let res: Response;
    try {
      res = await this.fetchFn(`${this.baseUrl}/api/health`, {
        headers: { Accept: "application/json" },
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const code = certificateCode(error);
      return code ? { kind: "certificate", code } : { kind: "unreachable" };
    }
    await res.body?.cancel().catch(() => undefined);
    if (res.headers.get(SERVICE_HEADER) === SERVICE_NAME) return { kind: "garden", healthy: res.ok };
    if (res.status === 502 || res.status === 503 || res.status === 504) return { kind: "server-down", status: res.status };
    return { kind: "not-garden", status: res.status };
  }

  /**
   * One page of the items of `kind` waiting for review, newest first: those with an id below `beforeId`
   * when given (the page after the last one read), and how many there are from there on.
   */
  pendingPage(kind: ItemKind, beforeId?: number): Promise<{ items: AnyAdminDto[]; total: number }> {
    const after = beforeId === undefined ? "" : `&beforeId=${beforeId}`;
    const route: { method: "GET"; path: string; output: z.ZodType<{ items: AnyAdminDto[]; total: number }> } = ROUTES[kind].list;
    return this.call(route, `${route.path}?status=pending&pageSize=${PAGE_SIZE}${after}`);
  }

  /** One item as the server has it now (with its version), or null when it is gone. */
  async item(kind: ItemKind, id: number): Promise<AnyAdminDto | null> {
    try {
      const route: { method: "GET"; path: string; output: z.ZodType<AnyAdminDto> } = ROUTES[kind].one;
      return await this.call(route, at(route, id));
    } catch (error) {
      if (error instanceof HttpError && error.status === 404 && error.errorId === ErrorId.notFound) return null;
      throw error;
    }
  }

  /** Approve with If-Match on the reviewed version: 412 when the item changed since, 404 when gone. */
  approve(kind: ItemKind, id: number, version: number): Promise<{ id: number; version: number; approved: boolean }> {
    return this.call(ROUTES[kind].approve, at(ROUTES[kind].approve, id), {}, undefined, { "If-Match": `"${version}"` });
  }

  /** Delete (decline) with If-Match on the reviewed version: a decline can never delete an item approved since. */
  remove(kind: ItemKind, id: number, version: number): Promise<MessageDto> {
    return this.call(ROUTES[kind].remove, at(ROUTES[kind].remove, id), undefined, undefined, { "If-Match": `"${version}"` });
  }

  /**
   * Sends the checked rows as a CSV file (shared/csv/export's uploadCsv), as the web admin does: the
   * server reads such a file as a stream and writes it on its large-write thread, where a JSON body of
   * a whole garden is parsed and checked on its event loop first (100,000 rows held every other request
   * for half a second). `replayed`: the answer is that of an earlier request with the same key, and
   * nothing was added now.
   */
  async bulkUpload(csv: string, key: string): Promise<MessageDto & { replayed: boolean }> {
    let replayed = false;
    const answer = await this.call(
      API_ROUTES.bulkUpload,
      API_ROUTES.bulkUpload.path,
      new CsvBody(csv),
      120_000,
      { [IDEMPOTENCY_KEY_HEADER]: key },
      true,
      (headers) => (replayed = headers.get(REPLAYED_HEADER) === "true"),
    );
    return { ...answer, replayed };
  }

  /** The positions of the rows that match a flower already in the garden. */
  /** `flowers`: the rows as a JSON array, already written. */
  async findDuplicates(flowers: string): Promise<number[]> {
    return (await this.call(API_ROUTES.duplicates, API_ROUTES.duplicates.path, new JsonText(`{"flowers":${flowers}}`), 120_000)).duplicates;
  }

  /**
   * Sends an update as a CSV file (each row with its ID and the version it was downloaded at), streamed by
   * the server like an upload. A 409 lists the rows whose flowers changed since (HttpError.conflicts);
   * `choice` answers it.
   */
  bulkUpdate(csv: string, choice?: BulkUpdateQuery): Promise<BulkUpdateDto> {
    const query = choice ? `?${new URLSearchParams(Object.entries(choice).filter((entry): entry is [string, string] => entry[1] !== undefined))}` : "";
    return this.call(API_ROUTES.bulkUpdate, `${API_ROUTES.bulkUpdate.path}${query}`, new CsvBody(csv), 300_000);
  }

  /** `csvData`: the rows as a JSON array, already written. */
  resetAndImport(csvData: string, adminKey: string): Promise<ResetImportResult> {
    const body = new JsonText(`{"csvData":${csvData},"adminKey":${JSON.stringify(adminKey)}}`);
    return this.call(API_ROUTES.resetAndImport, API_ROUTES.resetAndImport.path, body, 300_000);
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /**
   * One request of `route` at `path` (its address, ids and query filled in); the answer is checked
   * against the route's schema. A 2xx answer that is not the expected JSON (a captive portal's page, a
   * proxy) counts as "not the server": NetworkError, never data.
   */
  private async call<S extends z.ZodType>(
    route: { method: ApiRoute["method"]; output: S },
    path: string,
    body?: unknown,
    timeoutMs = this.timeoutMs,
    headers: Record<string, string> = {},
    withSession = true,
    seen?: (answer: Headers) => void,
  ): Promise<z.output<S>> {
    const { method, output: schema } = route;
    let res: Response;
    try {
      res = await this.fetchFn(this.baseUrl + path, {
        method,
        headers: {
          Accept: "application/json",
          ...(body !== undefined ? { "Content-Type": body instanceof CsvBody ? "text/csv; charset=utf-8" : "application/json" } : {}),
          ...(withSession && this.cookies.size ? { Cookie: this.cookieHeader() } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : body instanceof CsvBody || body instanceof JsonText ? body.text : JSON.stringify(body),
        // A redirect could carry our cookie elsewhere: the API never redirects, so refuse.
        redirect: "error",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new NetworkError(error instanceof Error ? error.message : String(error), neverLeft(error));
    }
    if (withSession) this.keepCookies(res);
    const text = await res.text().catch(() => "");
    if (!res.ok) {
      const parsed = ErrorBodySchema.safeParse(safeJson(text));
      const sentence = parsed.success ? parsed.data.message : undefined;
      // A 413 without the server's sentence is a proxy in front of it refusing the body: its own page, or nothing.
      // So is a 502 to a CSV file: Debian's Caddy answers so when its body limit cuts a file short.
      const proxied = res.status === 413 ? PROXY_TOO_LARGE : res.status === 502 && body instanceof CsvBody ? PROXY_COULD_NOT_PASS : undefined;
      const message = sentence || proxied || text.slice(0, 300) || res.statusText;
      throw new HttpError(res.status, message, parsed.success ? parsed.data.error : undefined, parsed.success ? parsed.data.conflicts : undefined);
    }
    const parsed = schema.safeParse(text ? safeJson(text) : undefined);
    if (!parsed.success)
      throw new NetworkError(`${method} ${path}: the answer was not the server's (${parsed.error.issues[0]?.message ?? "unexpected shape"})`);
    seen?.(res.headers);
    return parsed.data;
  }

  private keepCookies(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      if (!SESSION_COOKIES.test(name)) continue;
      const value = pair.slice(eq + 1).trim();
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
