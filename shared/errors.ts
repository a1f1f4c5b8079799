import type { UpdateConflicts } from "./schemas/admin";

/** Error ids the server sends beside its human message; clients switch on these, never on the text. */
export const ErrorId = {
  validation: "validation_error",
  badRequest: "bad_request",
  auth: "authentication_required",
  forbidden: "forbidden",
  notFound: "not_found",
  conflict: "conflict",
  preconditionFailed: "precondition_failed",
  tooLarge: "payload_too_large",
  stalled: "upload_stalled",
  rateLimited: "rate_limited",
  methodNotAllowed: "method_not_allowed",
  busy: "busy",
  internal: "internal_error",
  storageFull: "storage_full",
  databaseBusy: "database_busy",
  databaseReadOnly: "database_read_only",
} as const;
export type ErrorIdValue = (typeof ErrorId)[keyof typeof ErrorId];

/** One problem with one field or row, as the server and the CSV readers report it. */
export interface FieldIssue {
  /** Dotted path of the field, e.g. "email" or "flowers.3.flowerType". */
  path?: string;
  message: string;
}

/** The JSON body of every non-2xx answer. */
export interface ErrorBody {
  message: string;
  error?: ErrorIdValue;
  errors?: FieldIssue[];
  /** A bulk update's rows whose flowers changed since the file was downloaded (with a 409). */
  conflicts?: UpdateConflicts;
  /** The request's id (also in the X-Request-Id header and the server's log), for a person to quote. */
  requestId?: string;
}
