import { createHash, type Hash } from "node:crypto";
import type { Queries } from "../context";
import { ApiError } from "../errors";
import { ErrorId } from "../../shared/errors";
import { storeUploadKey, uploadKeyRow } from "../queries/uploadKeys";

/** What a bulk upload answers: kept with its key, and given again to a retry. */
export interface UploadAnswer {
  status: number;
  body: { message: string; count: number };
  /** True when this is the answer of an earlier request with the same key: nothing was added now. */
  replayed: boolean;
}

/** A retry gets the first answer back for this long; after it, the key is forgotten. */
const KEEP_HOURS = 24;
/** Keys kept at most, over every account: each row is a few hundred bytes. */
const KEEP_KEYS = 1000;

const KEY_REUSED = "This upload's key was already used for different rows. Nothing was changed. Please choose the file again and upload it as a new upload.";

/**
 * The answer an earlier upload with this account's `key` was given, or null
 * when there is none (or it is older than KEEP_HOURS). A key sent with other
 * rows is refused: the first upload's answer would not be this one's.
 * Read inside the write's transaction, so of two uploads with one key only
 * the first adds its rows.
 */
export async function keptAnswer(q: Queries, userId: number, key: string, bodyHash: string): Promise<UploadAnswer | null> {
  const kept = await uploadKeyRow(q, userId, key, KEEP_HOURS);
  if (!kept) return null;
  if (kept.bodyHash !== bodyHash) throw new ApiError(422, ErrorId.conflict, KEY_REUSED);
  return { status: kept.status, body: JSON.parse(kept.answer) as UploadAnswer["body"], replayed: true };
}

/** Keeps `answer` under the account's `key`, in the upload's transaction, and forgets keys past their time or number. */
export async function keepAnswer(q: Queries, userId: number, key: string, bodyHash: string, answer: UploadAnswer): Promise<void> {
  const row = { userId, key, bodyHash, status: answer.status, answer: JSON.stringify(answer.body) };
  await storeUploadKey(q, row, { keepHours: KEEP_HOURS, keepKeys: KEEP_KEYS });
}

/** The body as it arrives, fed to `hash` on its way (the caller reads the digest once the body is through). */
export async function* hashing(body: AsyncIterable<Buffer>, hash: Hash): AsyncIterable<Buffer> {
  for await (const chunk of body) {
    hash.update(chunk);
    yield chunk;
  }
}

/** A new hash of a body of `kind` (the same bytes as CSV and as JSON are different uploads). */
export const bodyHash = (kind: "csv" | "json"): Hash => createHash("sha256").update(`${kind}\n`);

/** The uploads in hand or waiting, by account and key. */
const inHand = new Map<string, Promise<unknown>>();

/**
 * Runs the uploads of one account's key one after another: a second request
 * with the key (a retry sent while the first is still being saved, or the
 * same request sent twice at once) waits for the first to end, then finds
 * its answer. Waiting requests hold no upload place and no file.
 */
export function oneAtATime<T>(userId: number, key: string, work: () => Promise<T>): Promise<T> {
  const id = `${userId}:${key}`;
  const before = inHand.get(id) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(work);
  const settled = mine.catch(() => undefined);
  inHand.set(id, settled);
  void settled.then(() => {
    if (inHand.get(id) === settled) inHand.delete(id);
  });
  return mine;
}
