/**
 * Sentences and labels that more than one part says (the server and the site, or
 * the web admin and the desktop app): written once here so they cannot drift apart.
 */

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
