import fs from "node:fs";
import path from "node:path";
import type { ItemKind, ReviewItem } from "../../ipc";
import { ReviewFileSchema, type ReviewFile } from "../wire";
import { CorruptFileError, parseJson, readJson, removeStaleTemps, writeFileAtomic, writeJsonAtomic } from "./atomicFile";

const PLAIN = "review.json";
const SEALED = "review.sealed";
const EMPTY: ReviewFile = { server: null, owner: null, downloadedAt: null, items: [] };

/** Encrypts the copy with the system's keychain (Electron's safeStorage); tests pass their own. */
export interface CopySealer {
  seal(text: string): Buffer;
  open(sealed: Buffer): string;
}

/**
 * The pending items downloaded for offline review (families' names and stories, never an email address),
 * kept in the app's data folder: encrypted (review.sealed) where the system offers a keychain. Where it
 * offers none, the copy is kept unencrypted (review.json, readable by this computer account only) rather
 * than refused: reviewing without a connection is what the copy is for, a volunteer on such a computer
 * would otherwise have none, and the window says so at each download (words.ts copyNote). A plain copy
 * from an older version of the app, or from a time without a keychain, is encrypted the first time it
 * opens where a keychain is there.
 */
export class ReviewStore {
  private readonly plain: string;
  private readonly sealed: string;
  private data: ReviewFile;

  constructor(
    private readonly dir: string,
    private readonly sealer: CopySealer | null = null,
  ) {
    this.plain = path.join(dir, PLAIN);
    this.sealed = path.join(dir, SEALED);
    removeStaleTemps(dir, PLAIN);
    removeStaleTemps(dir, SEALED);
    this.data = this.read();
    if (this.sealer && fs.existsSync(this.plain)) this.write(this.data);
  }

  /** True when the copy on disk is encrypted (or would be, once downloaded). */
  get encrypted(): boolean {
    return this.sealer !== null;
  }

  private read(): ReviewFile {
    if (!fs.existsSync(this.sealed)) return readJson(this.plain, ReviewFileSchema, EMPTY);
    if (!this.sealer) throw new CorruptFileError(this.sealed, "encrypted, and this computer's keychain is not available now");
    let text: string;
    try {
      text = this.sealer.open(fs.readFileSync(this.sealed));
    } catch {
      throw new CorruptFileError(this.sealed, "it could not be decrypted with this computer's keychain");
    }
    return parseJson(this.sealed, text, ReviewFileSchema);
  }

  get server(): string | null {
    return this.data.server ?? null;
  }

  /** The volunteer who downloaded this copy. */
  get owner(): string | null {
    return this.data.owner ?? null;
  }

  get downloadedAt(): string | null {
    return this.data.downloadedAt;
  }

  items(): readonly ReviewItem[] {
    return this.data.items;
  }

  find(kind: ItemKind, id: number): ReviewItem | undefined {
    return this.data.items.find((entry) => entry.kind === kind && entry.item.id === id);
  }

  /** Replaces the whole snapshot (a fresh download). */
  replace(items: ReviewItem[], downloadedAt: string, server: string, owner: string): void {
    this.write({ server, owner, downloadedAt, items });
  }

  /** Puts one item in (or refreshes it): used when a conflict is re-reviewed with the server's fresh copy. */
  upsert(entry: ReviewItem): void {
    const rest = this.data.items.filter((e) => !(e.kind === entry.kind && e.item.id === entry.item.id));
    this.write({ ...this.data, items: [...rest, entry] });
  }

  remove(kind: ItemKind, id: number): void {
    this.write({ ...this.data, items: this.data.items.filter((e) => !(e.kind === kind && e.item.id === id)) });
  }

  /** Deletes the copy from the disk (families' names and stories do not stay on a computer nobody is signed in to). */
  clear(): void {
    for (const file of [this.sealed, this.plain]) fs.rmSync(file, { force: true });
    removeStaleTemps(this.dir, PLAIN);
    removeStaleTemps(this.dir, SEALED);
    this.data = EMPTY;
  }

  private write(next: ReviewFile): void {
    if (this.sealer) {
      writeFileAtomic(this.sealed, this.sealer.seal(JSON.stringify(next)));
      // The plain copy goes only once the encrypted one is on disk: a crash between leaves both, never neither.
      fs.rmSync(this.plain, { force: true });
    } else writeJsonAtomic(this.plain, next);
    this.data = next;
  }
}
