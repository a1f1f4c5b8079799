import path from "node:path";
import { readJson, removeStaleTemps, writeJsonAtomic } from "./atomicFile";

export interface Settings {
  /** The server address the volunteer typed once. */
  serverUrl: string | null;
  lastSyncAt: string | null;
}

const FILE = "settings.json";

/** Small settings kept in the app's data folder; every change is on disk before it is in memory. */
export class SettingsStore {
  private readonly file: string;
  private data: Settings;

  constructor(dir: string) {
    this.file = path.join(dir, FILE);
    removeStaleTemps(dir, FILE);
    this.data = { serverUrl: null, lastSyncAt: null, ...readJson<Partial<Settings>>(this.file, {}) };
  }

  get(): Readonly<Settings> {
    return this.data;
  }

  update(patch: Partial<Settings>): void {
    const next = { ...this.data, ...patch };
    writeJsonAtomic(this.file, next);
    this.data = next;
  }
}
