/** Business constants (preview lengths, counts, sizes), and the limits the server enforces. */
import { msg } from "./i18n/translate";
export const GARDEN_PAGE_SIZE = 12;
/** The most results a garden search counts; a broader one shows "more than" this many. */
export const GARDEN_SEARCH_BOUND = 1000;
export const GARDEN_MAX_PAGE_DOTS = 7;
export const CAROUSEL_PAGE_SIZE = 3;
export const TESTIMONIAL_PREVIEW_LENGTH = 100;
export const DEFAULT_EXPECTED_IMPORT_COUNT = 823;
export const TOAST_DURATION_MS = 5000;
export const URGENT_RESPONSE_TARGET = msg("within an hour");
export const STRICT_CSV_COLUMNS = ["First Name", "Middle Name", "Last Name", "Date of Loss", "Flower Type"] as const;
export type StrictCsvColumn = (typeof STRICT_CSV_COLUMNS)[number];

/** Field length limits: generous for people, small enough to keep the database lean. */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  lossDate: 100,
  comments: 5000,
  testimonial: 10000,
  username: 64,
  /** OWASP's minimum for a password without a second factor. */
  passwordMin: 12,
  passwordMax: 200,
  /** Rows accepted by one bulk upload or update: a whole large garden. */
  bulkRows: 200000,
  /**
   * Rows of an upload checked for flowers already in the garden before it is sent: a whole-garden
   * file would cost the screen a second of work and the server a second upload, so it is sent unchecked.
   */
  duplicateCheckRows: 20000,
} as const;

/**
 * The largest body one bulk upload or update may send: a whole large garden
 * (200,000 rows) with room to spare. The server refuses more with a sentence,
 * deploy/Caddyfile lets exactly this much through (max_size 40MiB), and both
 * admin apps check a file against it before sending.
 */
export const BULK_BODY_LIMIT = { bytes: 40 * 1024 * 1024, text: "40 MB" } as const;

/** Name of the hidden field that people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";

/**
 * Every answer of /api/health (503s too) carries this header with SERVICE_NAME, so a client can tell a
 * Garden of Remembrance server, healthy or not, from a parish website or a proxy at the same address.
 */
export const SERVICE_HEADER = "Garden-Service";
export const SERVICE_NAME = "garden-of-remembrance";
