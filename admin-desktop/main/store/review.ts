import path from "node:path";
import type { ItemKind, ReviewItem } from "../../ipc";
import { readJson, removeStaleTemps, writeJsonAtomic } from "./atomicFile";

interface ReviewFile {
  /** The server the items came from. */
  server?: string | null;
  downloadedAt: string | null;
  items: ReviewItem[];
}

const FILE = "review.json";

/** The pending items downloaded for offline review, kept in the app's data folder. */
export class ReviewStore {
  private readonly file: string;
  private data: ReviewFile;

  constructor(dir: string) {
    this.file = path.join(dir, FILE);
    removeStaleTemps(dir, FILE);
    this.data = readJson<ReviewFile>(this.file, { downloadedAt: null, items: [] });
  }

  get server(): string | null {
    return this.data.server ?? null;
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
  replace(items: ReviewItem[], downloadedAt: string | null, server: string | null): void {
    this.write({ server, downloadedAt, items });
  }

  /** Puts one item in (or refreshes it): used when a conflict is re-reviewed with the server's fresh copy. */
  upsert(entry: ReviewItem): void {
    const rest = this.data.items.filter((e) => !(e.kind === entry.kind && e.item.id === entry.item.id));
    this.write({ ...this.data, items: [...rest, entry] });
  }

  remove(kind: ItemKind, id: number): void {
    this.write({ ...this.data, items: this.data.items.filter((e) => !(e.kind === kind && e.item.id === id)) });
  }

  private write(next: ReviewFile): void {
    writeJsonAtomic(this.file, next);
    this.data = next;
  }
}
