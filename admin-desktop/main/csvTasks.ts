/**
 * CSV work: reading the file the system dialog chose, saving the template,
 * bulk upload, bulk update and reset-and-import. All need a live sign-in.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  bulkNotice,
  CSV_TEMPLATE,
  CSV_TEMPLATE_FILENAME,
  csvFileTooLarge,
  FILE_TOO_LARGE,
  INVALID_FILE,
  STRICT_MESSAGES,
  updateCsv,
  withoutId,
  type FlexibleEntry,
} from "../../shared/csv";
import { newUploadKey, type MessageDto, type ResetImportResult } from "../../shared/schemas/admin";
import type { BulkOutcome, BulkUpdateRequest, CsvEntries, DesktopEvent, PickedCsv, ResetImportInput, Result } from "../ipc";
import type { Account } from "./account";
import { fail, ok } from "./results";
import { alreadyUploaded, CSV_TASK_FAILED, NOTHING_NEW } from "../../shared/messages";
import { DEFAULT_EXPECTED_IMPORT_COUNT, LIMITS } from "../../shared/constants";
import { uploadCsv } from "../../shared/csv/export";
import { HttpError, NetworkError, type ApiClient } from "./api";
import { jsonInTurns, writeInTurns } from "./turns";

/** Tries of one bulk upload at most, the first included, and the wait before the next (times the tries so far). */
const UPLOAD_TRIES = 3;
const UPLOAD_RETRY_MS = 500;

export interface UploadOptions {
  /** Leave out the rows that match a flower already in the garden. */
  skipDuplicates?: boolean;
  /** The reading the rows come from (see BulkUploadRequest); a new one when not given. */
  reading?: string;
}

/** An upload: the rows the window's reader kept (see CsvEntries), and how to send them. */
export type UploadInput = CsvEntries & UploadOptions;

export interface CsvDeps {
  /** Shows the system's open dialog; answers the chosen path or null. The renderer never names a path. */
  chooseCsvFile?: (() => Promise<string | null>) | undefined;
  /** Shows the system's save dialog; answers the chosen path or null. */
  chooseSavePath?: ((defaultName: string) => Promise<string | null>) | undefined;
  emit(event: DesktopEvent): void;
}

/** The same words, with the product's title, whether the file came from the dialog or was dropped. */
const INVALID = `${INVALID_FILE.title}: ${INVALID_FILE.message}`;
const TOO_LARGE = `${FILE_TOO_LARGE.title}: ${FILE_TOO_LARGE.message}`;

export class CsvTasks {
  constructor(
    private readonly account: Account,
    private readonly deps: CsvDeps,
  ) {}

  /**
   * The chosen file's bytes, as they are: the window reads them (decoding Windows-1252 and UTF-16 as
   * the web admin does) in a worker of its own, so main never holds the app for a big file.
   */
  async pickCsv(): Promise<Result<PickedCsv | null>> {
    const chosen = await this.deps.chooseCsvFile?.();
    if (!chosen) return ok(null);
    if (!/\.csv$/i.test(chosen)) return fail(INVALID, "invalid-input");
    const stat = fs.statSync(chosen);
    if (!stat.isFile()) return fail(INVALID, "invalid-input");
    if (csvFileTooLarge(stat.size)) return fail(TOO_LARGE, "invalid-input");
    const file = fs.readFileSync(chosen);
    return ok({ fileName: path.basename(chosen), bytes: new Uint8Array(file) });
  }

  /** Saves the template where the volunteer chose; answers that place (null: the dialog was cancelled). */
  async saveTemplate(): Promise<Result<string | null>> {
    const target = await this.deps.chooseSavePath?.(CSV_TEMPLATE_FILENAME);
    if (!target) return ok(null);
    try {
      fs.writeFileSync(target, CSV_TEMPLATE);
    } catch {
      return fail("The template could not be saved there. Please choose another folder.", "invalid-input");
    }
    return ok(target);
  }

  /** How many rows of an upload match a flower already in the garden (null: too many rows to check). */
  async findDuplicates(entries: FlexibleEntry[]): Promise<Result<number | null>> {
    const api = this.account.signedInApi();
    if (!api) return this.account.notSignedIn();
    if (entries.length === 0) return ok(0);
    if (entries.length > LIMITS.duplicateCheckRows) return ok(null);
    try {
      return ok((await api.findDuplicates(await jsonInTurns(entries, withoutId))).length);
    } catch (error) {
      return this.account.failure(error, CSV_TASK_FAILED.upload);
    }
  }

  /**
   * Sends the file's valid rows (without those already in the garden when `skipDuplicates`), all or
   * none. The upload's key is made from the reading and the rows sent, so the same rows of the same
   * reading sent again (Upload pressed twice, a try whose answer was lost) get the server's first
   * answer instead of being added again, while the file chosen again is a new upload (as in the web
   * admin), which the duplicate check then warns about.
   */
  async bulkUpload({ entries: read, skipped, skipDuplicates = false, reading = newUploadKey() }: UploadInput): Promise<Result<BulkOutcome>> {
    const api = this.account.signedInApi();
    if (!api) return this.account.notSignedIn();
    // The checks on the file as a whole, in the same words as the window's (which ran them all).
    const notice = bulkNotice({ blank: false, valid: read.length, errors: [] }, "upload");
    if (notice) return fail(`${notice.title}: ${notice.message}`, "csv-invalid");
    try {
      // The rows as read: an upload's CSV body and its duplicate check leave out any IDs.
      let entries = read;
      let duplicates = 0;
      if (skipDuplicates && entries.length <= LIMITS.duplicateCheckRows) {
        const found = new Set(await api.findDuplicates(await jsonInTurns(entries, withoutId)));
        entries = entries.filter((_, i) => !found.has(i));
        duplicates = found.size;
        if (entries.length === 0) return ok({ message: NOTHING_NEW.message, count: 0, skipped, duplicates });
      }
      const total = entries.length;
      this.deps.emit({ type: "progress", task: "upload", current: 0, total, indeterminate: true });
      const csv = await writeInTurns(entries, uploadCsv);
      const answer = await this.upload(api, csv, createHash("sha256").update(`${reading}\n`).update(csv).digest("base64url"));
      this.deps.emit({ type: "progress", task: "upload", current: total, total, indeterminate: false });
      const count = answer.count ?? total;
      return ok({ message: answer.earlier ? alreadyUploaded(count) : answer.message, count, skipped, ...(duplicates ? { duplicates } : {}) });
    } catch (error) {
      return this.account.failure(error, CSV_TASK_FAILED.upload);
    }
  }

  /**
   * One upload, tried again with the same key when the connection fails (a try cut off after the
   * server saved it then gets the first answer back). `earlier`: the first try was answered with an
   * earlier upload of the same rows, so nothing was added now.
   */
  private async upload(api: ApiClient, csv: string, key: string): Promise<MessageDto & { earlier: boolean }> {
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await api.bulkUpload(csv, key);
        return { message: answer.message, count: answer.count, earlier: answer.replayed && attempt === 1 };
      } catch (error) {
        if (!(error instanceof NetworkError) || attempt >= UPLOAD_TRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, UPLOAD_RETRY_MS * attempt));
      }
    }
  }

  /**
   * Sends the update as one CSV file, each row with the version it was downloaded at: one transaction on
   * the server, all or nothing, so the rows whose flowers changed since can be held back together (the
   * outcome's `conflicts`, nothing changed) and sent again with the volunteer's choice.
   */
  async bulkUpdate({ entries, skipped, choice }: BulkUpdateRequest): Promise<Result<BulkOutcome>> {
    const api = this.account.signedInApi();
    if (!api) return this.account.notSignedIn();
    const withIds = entries.filter((entry): entry is FlexibleEntry & { id: number } => entry.id !== undefined);
    const notice = bulkNotice({ blank: false, valid: entries.length, errors: [], missingIds: withIds.length < entries.length }, "update");
    if (notice) return fail(`${notice.title}: ${notice.message}`, "csv-invalid");
    const body = await writeInTurns(withIds, updateCsv);
    if (csvFileTooLarge(Buffer.byteLength(body))) return fail(TOO_LARGE, "invalid-input");
    const total = withIds.length;
    this.deps.emit({ type: "progress", task: "update", current: 0, total, indeterminate: true });
    try {
      const answer = await api.bulkUpdate(body, choice);
      this.deps.emit({ type: "progress", task: "update", current: total, total, indeterminate: false });
      return ok({ message: answer.message, count: answer.count, skipped });
    } catch (error) {
      if (error instanceof HttpError && error.status === 409 && error.conflicts) {
        return ok({ message: error.message, count: 0, skipped, conflicts: error.conflicts });
      }
      return this.account.failure(error, CSV_TASK_FAILED.update);
    }
  }

  async resetAndImport(input: ResetImportInput): Promise<Result<ResetImportResult>> {
    const api = this.account.signedInApi();
    if (!api) return this.account.notSignedIn();
    // The window's strict reader checked each row; the server checks them all again. The count is
    // checked here too, against the server's (told at sign-in), as the window may not know it yet.
    const { rows } = input;
    const expected = this.account.user?.expectedImportCount ?? DEFAULT_EXPECTED_IMPORT_COUNT;
    if (rows.length !== expected) return fail(STRICT_MESSAGES.wrongCount(expected, rows.length), "csv-invalid");
    this.deps.emit({ type: "progress", task: "import", current: 0, total: rows.length, indeterminate: true });
    try {
      const result = await api.resetAndImport(await jsonInTurns(rows), input.adminKey);
      this.deps.emit({ type: "progress", task: "import", current: rows.length, total: rows.length, indeterminate: false });
      return ok(result);
    } catch (error) {
      return this.account.failure(error, CSV_TASK_FAILED.import);
    }
  }
}
