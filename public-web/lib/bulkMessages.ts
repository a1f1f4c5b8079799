import { PROXY_COULD_NOT_PASS, PROXY_TOO_LARGE } from "../../shared/messages";
import { ApiError, messageFor } from "./api";

/**
 * messageFor, for a bulk file sent to the server. A 413 without the server's sentence is a proxy in front
 * of it refusing the body (its own page, or nothing); so is a 502 without it (Debian's Caddy answers so
 * when its body limit cuts a file short). Kept apart from api.ts, which every public page loads: these
 * sentences are for the web admin only.
 */
export function bulkMessageFor(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !error.serverMessage) {
    if (error.status === 413) return PROXY_TOO_LARGE;
    if (error.status === 502) return PROXY_COULD_NOT_PASS;
  }
  return messageFor(error, fallback);
}
