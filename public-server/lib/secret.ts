import fs from "node:fs";
import path from "node:path";
import { ensurePrivateDir, makePrivate, PRIVATE_FILE } from "./privateFiles";
import { randomBytes, timingSafeEqual, createHash } from "node:crypto";

/** SESSION_SECRET, or a random one generated once and kept (mode 0600) under the data folder. */
export function sessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, ".session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    tighten(file);
    return existing;
  } catch {
    ensurePrivateDir(dataDir);
    const secret = randomBytes(32).toString("base64url");
    // "wx": two servers starting at once never overwrite each other's secret.
    const fd = fs.openSync(file, "wx", PRIVATE_FILE);
    try {
      fs.fchmodSync(fd, PRIVATE_FILE); // the mode given to open passes through the umask
      fs.writeFileSync(fd, secret + "\n");
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return secret;
  }
}

/** A secret file from an older version may be readable by others: make it private. */
function tighten(file: string): void {
  try {
    makePrivate(file);
  } catch {
    // not ours to change (another owner, a read-only disk): it is still read
  }
}

/** Compares two secrets in constant time, whatever their lengths. */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}
