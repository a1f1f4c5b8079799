import fs from "node:fs";
import path from "node:path";
import type { ItemKind, ReviewItem } from "../../ipc";
import { ReviewFileSchema, type ReviewFile } from "../wire";
import { readJson, removeStaleTemps, writeJsonAtomic } from "./atomicFile";

const FILE = "review.json";
const EMPTY: ReviewFile = { server: null, owner: null, downloadedAt: null, items: [] };

/** The pending items downloaded for offline review, kept in the app's data folder. */
export class ReviewStore {
  private readonly file: string;
  private data: ReviewFile;

  constructor(private readonly dir: string) {
    this.file = path.join(dir, FILE);
    removeStaleTemps(dir, FILE);
    this.data = readJson(this.file, ReviewFileSchema, EMPTY);
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
    fs.rmSync(this.file, { force: true });
    removeStaleTemps(this.dir, FILE);
    this.data = EMPTY;
  }

  private write(next: ReviewFile): void {
    writeJsonAtomic(this.file, next);
    this.data = next;
  }
}
