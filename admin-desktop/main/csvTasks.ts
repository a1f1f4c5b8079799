/**
 * CSV work: reading the file the system dialog chose, saving the template,
 * bulk upload, bulk update and reset-and-import. All need a live sign-in.
 */
import fs from "node:fs";
import path from "node:path";
import { checkBulk, CSV_TEMPLATE, CSV_TEMPLATE_FILENAME, INVALID_FILE, parseStrictCsv } from "../../shared/csv";
import type { ResetImportResult } from "../../shared/schemas/admin";
import type { BulkOutcome, DesktopEvent, ResetImportInput, Result } from "../ipc";
import type { Account } from "./account";
import { plural } from "../words";
import { fail, ok } from "./results";
import { CSV_TASK_FAILED } from "../../shared/messages";

/** Largest CSV file or text the app accepts (the server takes 10 MB of JSON). */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
export const TOO_LARGE = "This file is too large for one import (at most 5 MB).";
/**
 * Bulk update goes in chunks of this many rows, each its own server
 * transaction, so the progress bar is real. That is safe because an update
 * sets the same values however often it runs: after a failure part-way the
 * volunteer simply runs the same file again. Bulk upload is NOT chunked: it
 * creates new flowers, so a repeat after a partial failure would duplicate
 * them; it goes as one request (one transaction: all or nothing) with an
 * indeterminate progress bar.
 */
export const UPDATE_CHUNK = 200;

export interface CsvDeps {
  /** Shows the system's open dialog; answers the chosen path or null. The renderer never names a path. */
  chooseCsvFile?: (() => Promise<string | null>) | undefined;
  /** Shows the system's save dialog; answers the chosen path or null. */
  chooseSavePath?: ((defaultName: string) => Promise<string | null>) | undefined;
  emit(event: DesktopEvent): void;
}

/** The same words, with the product's title, whether the file came from the dialog or was dropped. */
const INVALID = `${INVALID_FILE.title}: ${INVALID_FILE.message}`;

export class CsvTasks {
  constructor(
    private readonly account: Account,
    private readonly deps: CsvDeps,
  ) {}

  async pickCsv(): Promise<Result<{ fileName: string; text: string } | null>> {
    const chosen = await this.deps.chooseCsvFile?.();
    if (!chosen) return ok(null);
    if (!/\.csv$/i.test(chosen)) return fail(INVALID, "invalid-input");
    const stat = fs.statSync(chosen);
    if (!stat.isFile()) return fail(INVALID, "invalid-input");
    if (stat.size > MAX_CSV_BYTES) return fail(TOO_LARGE, "invalid-input");
    return ok({ fileName: path.basename(chosen), text: fs.readFileSync(chosen, "utf8") });
  }

  async saveTemplate(): Promise<Result<boolean>> {
    const target = await this.deps.chooseSavePath?.(CSV_TEMPLATE_FILENAME);
    if (!target) return ok(false);
    fs.writeFileSync(target, CSV_TEMPLATE);
    return ok(true);
  }

  async bulkUpload(text: string): Promise<Result<BulkOutcome>> {
    const api = this.account.signedInApi();
    if (!api) return this.account.notSignedIn();
    const check = checkBulk(text, "upload");
    if (!check.ok) return fail(`${check.title}: ${check.message}`, "csv-invalid");
    const total = check.entries.length;
    this.deps.emit({ type: "progress", task: "upload", current: 0, total, indeterminate: true });
    try {
      const answer = await api.bulkUpload(check.entries);
      this.deps.emit({ type: "progress", task: "upload", current: total, total, indeterminate: false });
      return ok({ message: answer.message, count: answer.count ?? total, skipped: check.skipped.length });
    } catch (error) {
      return this.account.failure(error, CSV_TASK_FAILED.upload);
    }
  }

  async bulkUpdate(text: string): Promise<Result<BulkOutcome>> {
    const api = this.account.signedInApi();
    if (!api) return this.account.notSignedIn();
    const check = checkBulk(text, "update");
    if (!check.ok) return fail(`${check.title}: ${check.message}`, "csv-invalid");
    const total = check.entries.length;
    let done = 0;
    this.deps.emit({ type: "progress", task: "update", current: 0, total, indeterminate: false });
    try {
      for (let start = 0; start < total; start += UPDATE_CHUNK) {
        const chunk = check.entries.slice(start, start + UPDATE_CHUNK);
        await api.bulkUpdate(chunk);
        done += chunk.length;
        this.deps.emit({ type: "progress", task: "update", current: done, total, indeterminate: false });
      }
      return ok({ message: `Successfully updated ${plural(done, "memorial flower")}.`, count: done, skipped: check.skipped.length });
    } catch (error) {
      const failed = this.account.failure<BulkOutcome>(error, CSV_TASK_FAILED.update);
      if (failed.ok || done === 0) return failed;
      return {
        ...failed,
        error: `${failed.error} ${done} of ${plural(total, "flower")} ${done === 1 ? "was" : "were"} updated before this. Updating is safe to repeat: run the same file again to finish.`,
      };
    }
  }

  async resetAndImport(input: ResetImportInput): Promise<Result<ResetImportResult>> {
    const api = this.account.signedInApi();
    if (!api) return this.account.notSignedIn();
    // The same strict rules and count as the preview and the server (which checks again).
    const parsed = parseStrictCsv(input.text, this.account.user?.expectedImportCount);
    if (!parsed.isValid) return fail(parsed.errors.slice(0, 5).join(" "), "csv-invalid");
    this.deps.emit({ type: "progress", task: "import", current: 0, total: parsed.rows.length, indeterminate: true });
    try {
      const result = await api.resetAndImport(parsed.rows, input.adminKey);
      this.deps.emit({ type: "progress", task: "import", current: parsed.rows.length, total: parsed.rows.length, indeterminate: false });
      return ok(result);
    } catch (error) {
      return this.account.failure(error, CSV_TASK_FAILED.import);
    }
  }
}
