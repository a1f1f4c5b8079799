import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import os from "node:os";
import { ApiError } from "../errors";
import { ErrorId } from "../../shared/errors";

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

/**
 * scrypt with N=2^14, r=8, p=5: one of the settings OWASP's password storage guidance lists as equal
 * in strength to its minimum of N=2^17, r=8, p=1, chosen because it needs 128 × N × r bytes = 16 MiB
 * instead of 128 MiB. On a small server that is the difference between a sign-in raising the process's
 * peak memory by 16 MiB or by 128 MiB (measured: a bare Node process peaks at 63 MB against 178 MB),
 * and it takes less of a core (about 0.2 s against 0.45 s). Hashing runs on libuv's thread pool (never on
 * the event loop), at most HASH_CONCURRENCY at once, and at most HASH_QUEUE waiting behind them.
 */
export const HASH_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEYLEN = 32;
/**
 * Room for hashes made with the earlier setting (N=2^17, r=8: 128 MiB) with a margin: they are still
 * verified, once, and replaced at that sign-in. scrypt refuses to run past maxmem.
 */
const MAXMEM = 160 * 1024 * 1024;
/** The most work a stored hash may ask for: the earlier setting's (N × r × p = 2^20). */
const MAX_WORK = 2 ** 20;
/**
 * One core stays free for the event loop (at most two hash at once), and the
 * thread pool (4 threads by default) keeps threads for file reads: pages and
 * lists stay fast while sign-ups and sign-ins wait their turn.
 */
const HASH_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism() - 1));
const HASH_QUEUE = 64;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a hashing slot is free; past the queue's bound, answers 503 at once. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= HASH_QUEUE) {
      throw new ApiError(503, ErrorId.busy, "We are very busy at the moment. Please try again in a minute.", undefined, { "Retry-After": "30" });
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const nextInLine = waiting.shift();
    if (nextInLine)
      nextInLine(); // the slot passes straight to the next in line
    else running--;
  }
}

/** Hashes a password with scrypt and a random salt, as "scrypt$N$r$p$salt$hash" (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await inTurn(() => scrypt(password, salt, KEYLEN, { ...HASH_PARAMS, maxmem: MAXMEM }));
  return ["scrypt", HASH_PARAMS.N, HASH_PARAMS.r, HASH_PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/**
 * True when `password` matches `stored`; compares in constant time. `hashed` is told how long the
 * hashing itself took (not its turn in line): the request log shows it beside the sign-in's time.
 */
export async function verifyPassword(password: string, stored: string, hashed?: (ms: number) => void): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  // A stored hash is ours, but never let a damaged row ask for more memory than a current hash needs.
  if (![params.N, params.r, params.p].every(Number.isInteger) || params.N * params.r * params.p > MAX_WORK || 128 * params.N * params.r > MAXMEM) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await inTurn(async () => {
    const started = performance.now();
    try {
      return await scrypt(password, Buffer.from(salt, "base64"), expected.length, { ...params, maxmem: MAXMEM });
    } finally {
      hashed?.(performance.now() - started);
    }
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when `stored` was made with weaker settings than today's: rehash it at the next successful sign-in. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split("$");
  return scheme !== "scrypt" || Number(n) !== HASH_PARAMS.N || Number(r) !== HASH_PARAMS.r || Number(p) !== HASH_PARAMS.p;
}

/** A fixed hash to verify against when the username does not exist, so both paths take the same time. */
export const DUMMY_HASH = `scrypt$${HASH_PARAMS.N}$${HASH_PARAMS.r}$${HASH_PARAMS.p}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
