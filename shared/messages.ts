/**
 * Sentences and labels that more than one part says (the server and the site, or
 * the web admin and the desktop app): written once here so they cannot drift apart.
 */
import { BULK_BODY_LIMIT } from "./constants";

/** The sign-out answer, also the web admin's toast. */
export const LOGGED_OUT_MESSAGE = "You have been logged out successfully";

/** The button while a sign-in is on its way. */
export const SIGNING_IN_LABEL = "Signing in...";

/** A CSV task failed without a sentence from the server. */
export const CSV_TASK_FAILED = {
  import: "Failed to import memorial flowers",
  upload: "Failed to upload memorial flowers.",
  update: "Failed to update memorial flowers.",
} as const;

/** A CSV task's progress bar. */
export const CSV_TASK_PROGRESS = {
  import: "Importing memorial flowers",
  upload: "Uploading memorial flowers",
  update: "Updating memorial flowers",
} as const;

/** What a progress bar without a measure says it is doing. */
export const IN_PROGRESS = "In progress";

/** The confirm button before every flower and comment is replaced by a file. */
export const CONFIRM_RESET_IMPORT = "Delete all and import";

/** A bulk upload sent again (the same rows, the same key): the server gave its first answer back and added nothing. */
export const alreadyUploaded = (rows: number): string =>
  rows === 1 ? "This row was uploaded already, so nothing was added again." : `These ${rows} rows were uploaded already, so nothing was added again.`;

/** An upload whose every row is already in the garden (the duplicates left out). */
export const NOTHING_NEW = { title: "Nothing New", message: "Every row is already in the garden, so there is nothing to upload." } as const;

/** What whoever runs the server can change when its proxy refuses a bulk file. */
const RAISE_PROXY_LIMIT = `Whoever runs the server can raise the proxy's limit on request bodies to ${BULK_BODY_LIMIT.text} (max_size in Caddy's request_body, as in deploy/Caddyfile; client_max_body_size in nginx).`;

/** A bulk file larger than the server takes in one request, said before it is sent. */
export const BULK_TOO_LARGE = `This file is larger than ${BULK_BODY_LIMIT.text}, more than the server accepts at once. Please split it into smaller files.`;

/**
 * A proxy in front of the server (Caddy, nginx) refused a body as too large,
 * before the server saw it: its answer is its own page, not the server's sentence.
 */
export const PROXY_TOO_LARGE = `The proxy in front of the server refused this file as too large, before the server could read it. Nothing was changed. ${RAISE_PROXY_LIMIT}`;

/**
 * A proxy answered a bulk file with 502 and no word from the server: Debian's
 * Caddy 2.6 answers so when its body limit cuts a file short (later versions
 * answer 413), and so does any proxy whose server is not running.
 */
export const PROXY_COULD_NOT_PASS = `The proxy in front of the server could not pass this file on to it (it answered 502, with no word from the server). Nothing was changed. Either the server is not running, or the file is larger than the proxy lets through. ${RAISE_PROXY_LIMIT}`;
