/**
 * One handler per IPC channel: main treats every argument as `unknown`,
 * validates it with zod, and answers a Result. A handler never throws: an
 * unexpected error becomes { ok: false } with a plain sentence (details stay
 * in main). The sender check happens before these run (main/security.ts).
 */
import { z } from "zod";
import { MODERATED_KINDS } from "../../shared/moderation";
import type { InvokeChannel, Result } from "../ipc";
import type { DesktopService } from "./service";
import { BulkUpdateQuery, IdempotencyKey, RESET_IMPORT_REQUIRED } from "../../shared/schemas/admin";
import { LoginInput } from "../../shared/schemas/session";
import { BULK_BODY_LIMIT } from "../../shared/constants";
import { CsvEntryList, StrictRowList } from "./csvInput";

const none = z.undefined();
const csvEntries = { entries: CsvEntryList, skipped: z.number().int().nonnegative().max(BULK_BODY_LIMIT.bytes) };
const queueId = z.uuid();

export const schemas = {
  getStatus: none,
  signIn: z.strictObject({
    serverUrl: z.string().trim().min(1, "Please enter the server address").max(2048),
    ...LoginInput.shape,
    remember: z.boolean(),
    plainHttpConfirmed: z.boolean().optional(),
  }),
  signOut: z.strictObject({ discardUnsent: z.boolean() }).optional(),
  pickCsv: none,
  saveTemplate: none,
  bulkUpload: z.strictObject({ ...csvEntries, skipDuplicates: z.boolean(), reading: IdempotencyKey }),
  findDuplicates: CsvEntryList,
  bulkUpdate: z.strictObject({ ...csvEntries, choice: BulkUpdateQuery.optional() }),
  resetAndImport: z.strictObject({
    rows: StrictRowList,
    adminKey: z.string().min(1, RESET_IMPORT_REQUIRED).max(500),
    confirmed: z.literal(true, { error: "Please confirm that every flower and comment will be deleted." }),
  }),
  downloadForReview: none,
  getReview: none,
  decide: z.strictObject({
    kind: z.enum(MODERATED_KINDS),
    itemId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    version: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    action: z.enum(["approve", "decline"]),
  }),
  undoDecision: queueId,
  syncNow: none,
  discardDecision: queueId,
  clearSent: none,
  reviewAgain: queueId,
  claimDecisions: none,
  openExternal: z.string().max(2048),
} satisfies Record<InvokeChannel, z.ZodType>;

export type Handler = (payload: unknown) => Promise<Result<unknown>>;

/** The handler table: channel → (unknown payload) → Result. */
export function createHandlers(service: DesktopService, log: (error: unknown) => void = () => undefined): Record<InvokeChannel, Handler> {
  const run = <C extends InvokeChannel>(channel: C, fn: (input: z.output<(typeof schemas)[C]>) => Promise<Result<unknown>> | Result<unknown>): Handler => {
    return async (payload) => {
      // Async: the CSV rows' check works in turns (main/csvInput.ts).
      const parsed = await schemas[channel].safeParseAsync(payload);
      if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid input", code: "invalid-input" };
      try {
        return await fn(parsed.data as z.output<(typeof schemas)[C]>);
      } catch (error) {
        log(error);
        return { ok: false, error: "Something went wrong. Please try again.", code: "server" };
      }
    };
  };
  return {
    getStatus: run("getStatus", () => ({ ok: true, value: service.status() })),
    signIn: run("signIn", (input) => service.signIn(input)),
    signOut: run("signOut", (input) => service.signOut(input)),
    pickCsv: run("pickCsv", () => service.pickCsv()),
    saveTemplate: run("saveTemplate", () => service.saveTemplate()),
    bulkUpload: run("bulkUpload", (input) => service.bulkUpload(input)),
    findDuplicates: run("findDuplicates", (entries) => service.findDuplicates(entries)),
    bulkUpdate: run("bulkUpdate", (input) => service.bulkUpdate(input)),
    resetAndImport: run("resetAndImport", (input) => service.resetAndImport(input)),
    downloadForReview: run("downloadForReview", () => service.downloadForReview()),
    getReview: run("getReview", () => service.getReview()),
    decide: run("decide", (input) => service.decide(input)),
    undoDecision: run("undoDecision", (id) => service.undoDecision(id)),
    syncNow: run("syncNow", () => service.syncNow()),
    discardDecision: run("discardDecision", (id) => service.discardDecision(id)),
    clearSent: run("clearSent", () => service.clearSent()),
    reviewAgain: run("reviewAgain", (id) => service.reviewAgain(id)),
    claimDecisions: run("claimDecisions", () => service.claimDecisions()),
    openExternal: run("openExternal", (url) => service.openExternal(url)),
  };
}
