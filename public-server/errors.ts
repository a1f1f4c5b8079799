import { ErrorId, type ErrorIdValue, type FieldIssue } from "../shared/errors";
import type { z } from "zod";
import type { UpdateConflicts } from "../shared/schemas/admin";
import { msg, type MessageValues } from "../shared/i18n/translate";

/** An expected failure: its status and sentence go to the client as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly id: ErrorIdValue,
    message: string,
    readonly errors?: FieldIssue[],
    readonly headers?: Record<string, string>,
    /** A bulk update's rows changed since the download (with a 409), for the sender to choose. */
    readonly conflicts?: UpdateConflicts,
  ) {
    // No stack: an expected failure is answered and never logged with one (the log gives its name and sentence).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }

  /** The schema's failure behind a validation error, so its sentences can be said in the request's language. */
  zodError?: z.ZodError;

  /** The sentence in any language, for one built with values (its English is `message`). */
  say?: (t: (id: string, values?: MessageValues) => string) => string;
}

export const BadRequest = (message: string, errors?: FieldIssue[]) => new ApiError(400, ErrorId.badRequest, message, errors);
/** Said of a body sent as JSON that is not JSON. */
export const NOT_JSON = "The request body is not valid JSON.";
export const ValidationFailed = (errors: FieldIssue[]) =>
  new ApiError(400, ErrorId.validation, errors[0]?.message ?? msg("Please check the form and try again."), errors);
export const NotSignedIn = (message = "Please sign in to continue.") => new ApiError(401, ErrorId.auth, message);
export const Forbidden = (message = "You do not have permission to do that.") => new ApiError(403, ErrorId.forbidden, message);
export const NotFound = (message = msg("We could not find what you were looking for.")) => new ApiError(404, ErrorId.notFound, message);
export const Conflict = (message: string) => new ApiError(409, ErrorId.conflict, message);
export const PreconditionFailed = (message = "This item was changed by someone else since you loaded it. Please refresh and try again.") =>
  new ApiError(412, ErrorId.preconditionFailed, message);
export const TooMany = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, ErrorId.rateLimited, message, undefined, { "Retry-After": String(retryAfterSeconds) });

/** Said of a body larger than its address takes. */
export const TOO_LARGE = msg("That is more than we can accept in one request. Please send a smaller file or a shorter text.");
export const TooLarge = (message = TOO_LARGE) => new ApiError(413, ErrorId.tooLarge, message);

/** The server cannot do it right now (storage full, database busy or read-only); nothing was changed. */
export const Unavailable = (id: ErrorIdValue, message: string, retryAfterSeconds: number) =>
  new ApiError(503, id, message, undefined, { "Retry-After": String(retryAfterSeconds) });
