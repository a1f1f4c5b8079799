import path from "node:path";
import { SettingsFileSchema, type Settings } from "../wire";
import { readJson, removeStaleTemps, writeJsonAtomic } from "./atomicFile";

export type { Settings };

const FILE = "settings.json";

/** Small settings kept in the app's data folder; every change is on disk before it is in memory. */
export class SettingsStore {
  private readonly file: string;
  private data: Settings;

  constructor(dir: string) {
    this.file = path.join(dir, FILE);
    removeStaleTemps(dir, FILE);
    this.data = readJson(this.file, SettingsFileSchema, SettingsFileSchema.parse({}));
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
