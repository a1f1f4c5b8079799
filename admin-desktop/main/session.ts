import fs from "node:fs";
import path from "node:path";
import { RememberedSessionSchema, type RememberedSession } from "./wire";
import type { CopySealer } from "./store/review";

export type { RememberedSession };

/** The part of Electron's safeStorage we use; tests pass their own. */
export interface Encryptor {
  isEncryptionAvailable(): boolean;
  /** Linux only in Electron; absent elsewhere. */
  getSelectedStorageBackend?(): string;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

const FILE = "session.bin";

/** The review copy's encryption where the system's is real (canEncrypt); null where it is not. */
export function copySealer(encryptor: Encryptor, platform: NodeJS.Platform = process.platform): CopySealer | null {
  if (!canEncrypt(encryptor, platform)) return null;
  return { seal: (text) => encryptor.encryptString(text), open: (sealed) => encryptor.decryptString(sealed) };
}

/**
 * True when the system offers real encryption. On Linux without a keyring,
 * safeStorage reports itself available but uses a fixed, well-known key
 * ("basic_text"): that protects nothing, so it counts as no encryption. An
 * "unknown" backend (asked too early, or undetected) is refused as well.
 */
export function canEncrypt(encryptor: Encryptor, platform: NodeJS.Platform = process.platform): boolean {
  let available = false;
  try {
    available = encryptor.isEncryptionAvailable();
  } catch {
    return false;
  }
  if (!available) return false;
  if (platform !== "linux") return true;
  const backend = encryptor.getSelectedStorageBackend?.() ?? "unknown";
  return backend !== "basic_text" && backend !== "unknown";
}

/**
 * Keeps the remembered sign-in (the session cookie) encrypted in the data
 * folder, only where canEncrypt says so; otherwise nothing is written and the
 * volunteer signs in at each start.
 */
export class SessionVault {
  private readonly file: string;

  constructor(
    dir: string,
    private readonly encryptor: Encryptor,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {
    this.file = path.join(dir, FILE);
  }

  get available(): boolean {
    return canEncrypt(this.encryptor, this.platform);
  }

  /** Saves the session; false (and nothing on disk) when encryption is not real here. */
  save(session: RememberedSession): boolean {
    if (!this.available) {
      this.clear();
      return false;
    }
    const sealed = this.encryptor.encryptString(JSON.stringify(session));
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.tmp`;
    fs.writeFileSync(temp, sealed, { mode: 0o600 });
    fs.renameSync(temp, this.file);
    return true;
  }

  /** The remembered session, or null (none, unreadable, or encryption no longer available). */
  load(): RememberedSession | null {
    if (!fs.existsSync(this.file)) return null;
    if (!this.available) {
      this.clear();
      return null;
    }
    try {
      return RememberedSessionSchema.parse(JSON.parse(this.encryptor.decryptString(fs.readFileSync(this.file))));
    } catch {
      this.clear();
      return null;
    }
  }

  get stored(): boolean {
    return fs.existsSync(this.file);
  }

  clear(): void {
    fs.rmSync(this.file, { force: true });
    fs.rmSync(`${this.file}.tmp`, { force: true });
  }
}
