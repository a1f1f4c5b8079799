import type { ErrorBody } from "../../shared/errors";
// Types only: the route table's schemas are zod, which a public page must not load.
import type { AnswerTo, ApiPath, BodyTo, Method } from "../../shared/schemas/routes";
import { DEFAULT_LOCALE } from "../../shared/i18n/locale";
import { msg, translate, type MessageValues } from "../../shared/i18n/translate";

/**
 * The only place that calls fetch. Every call sends JSON and the session
 * cookie; a non-OK answer becomes an ApiError whose message has the product's
 * shape "status: text", while `userMessage` keeps the sentence for people.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's JSON body, when it sent one. */
    readonly body: ErrorBody | undefined,
    text: string,
  ) {
    super(`${status}: ${text}`);
  }

  /** The server's sentence, if it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }

  get id(): string | undefined {
    return this.body?.error;
  }
}

/** Thrown when the server could not be reached at all; its message is the English of the sentence shown (see messageFor). */
class OfflineError extends Error {
  constructor() {
    super(msg("We could not reach the server. Please check your connection and try again."));
  }
}

/** A body sent as CSV text (text/csv) instead of JSON. */
class CsvBody {
  constructor(readonly text: string) {}
}

/** The page's language (its <html lang>): the server answers its sentences in it (public-server/lib/localise.ts). */
const pageLanguage = (): Record<string, string> => {
  const lang = typeof document !== "undefined" ? document.documentElement.lang : "";
  return lang && lang !== "en" ? { "X-Page-Language": lang } : {};
};

async function request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, seen?: (answer: Headers) => void): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "include",
      headers: { Accept: "application/json", ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...pageLanguage(), ...headers },
      body: body === undefined ? undefined : body instanceof CsvBody ? body.text : JSON.stringify(body),
    });
  } catch {
    throw new OfflineError();
  }
  const text = await res.text();
  if (!res.ok) {
    let parsed: ErrorBody | undefined;
    try {
      parsed = JSON.parse(text) as ErrorBody;
    } catch {
      parsed = undefined;
    }
    throw new ApiError(res.status, parsed, text || res.statusText);
  }
  seen?.(res.headers);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A JSON call's body and headers: the body its route reads, required when it reads one, none when it reads none. */
type Sent<M extends Method, P extends string> =
  BodyTo<M, P> extends undefined ? [body?: undefined, headers?: Record<string, string>] : [body: BodyTo<M, P>, headers?: Record<string, string>];

/** Each call's address is one of the API's routes (shared/schemas/routes.ts); its body and its answer are that route's. */
export const api = {
  get: <P extends ApiPath<"GET">>(path: P) => request<AnswerTo<"GET", P>>("GET", path),
  post: <P extends ApiPath<"POST">>(path: P, ...[body, headers]: Sent<"POST", P>) => request<AnswerTo<"POST", P>>("POST", path, body ?? {}, headers),
  put: <P extends ApiPath<"PUT">>(path: P, ...[body, headers]: Sent<"PUT", P>) => request<AnswerTo<"PUT", P>>("PUT", path, body ?? {}, headers),
  /** Sends CSV text as it is, for the server to read as a stream; `seen` reads a successful answer's headers. */
  postCsv: <P extends ApiPath<"POST">>(path: P, csv: string, headers: Record<string, string> = {}, seen?: (answer: Headers) => void) =>
    request<AnswerTo<"POST", P>>("POST", path, new CsvBody(csv), { "Content-Type": "text/csv; charset=utf-8", ...headers }, seen),
  putCsv: <P extends ApiPath<"PUT">>(path: P, csv: string) =>
    request<AnswerTo<"PUT", P>>("PUT", path, new CsvBody(csv), { "Content-Type": "text/csv; charset=utf-8" }),
  delete: <P extends ApiPath<"DELETE">>(path: P, headers?: Record<string, string>) => request<AnswerTo<"DELETE", P>>("DELETE", path, undefined, headers),
};

/**
 * The sentence to show a person for a failed call: the server's message when
 * it sent one, otherwise the given fallback. Never raw JSON. A
 * failure on the server's side also shows the request's id, so a volunteer
 * can report "error 7f3a09c2d1" and the team can find it in the log. The words
 * that are the site's own (no server, an error code) are in `t`'s language: the
 * public pages pass theirs; the admin's stay English. The server's sentence is
 * already in the page's language (it was asked in it).
 */
export function messageFor(error: unknown, fallback: string, t: (id: string, values?: MessageValues) => string = english): string {
  if (error instanceof ApiError) {
    const message = error.serverMessage ?? fallback;
    return error.status >= 500 && error.body?.requestId ? `${message} ${t("(Error code: {code}.)", { code: error.body.requestId })}` : message;
  }
  if (error instanceof OfflineError) return t(error.message);
  return fallback;
}

const english = (id: string, values?: MessageValues) => translate(DEFAULT_LOCALE, {}, id, values);

/** The field errors the server listed (path → sentence), to show beside the fields. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof ApiError) for (const issue of error.body?.errors ?? []) if (issue.path && !out[issue.path]) out[issue.path] = issue.message;
  return out;
}
