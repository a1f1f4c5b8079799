import fs from "node:fs";
import path from "node:path";
import { SiteConfig } from "../../shared/schemas/site";
import type { Logger } from "./log";

/**
 * Reads data/site.json at run time and again whenever the file changes, so a
 * team edits contact details without a rebuild. A watch on its folder (editors
 * often replace the file rather than write it) marks it for a re-read at once;
 * where watching is not available the file is still checked once a second. A
 * broken edit is logged and the last good version is kept.
 */
export class SiteConfigStore {
  private current: SiteConfig | undefined;
  private signature = "";
  private checkedAt = 0;
  private readonly watcher: fs.FSWatcher | undefined;

  constructor(
    private readonly file: string,
    private readonly log: Logger,
    defaultsFile = path.resolve("data/site.json"),
    /** Values the server decides (its settings), laid over the file's. */
    private readonly fromServer: Partial<SiteConfig> = {},
  ) {
    // A fresh data folder starts from the repository's (fictional) defaults, copied once for the team to edit.
    if (!fs.existsSync(file) && fs.existsSync(defaultsFile) && path.resolve(file) !== defaultsFile) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.copyFileSync(defaultsFile, file);
      log.info("site_config_created", { file, from: defaultsFile });
    }
    this.get();
    if (!this.current) throw new Error(`The site configuration at ${file} is missing or invalid.`);
    try {
      const name = path.basename(file);
      this.watcher = fs.watch(path.dirname(file), (_event, changed) => {
        if (!changed || changed === name) this.checkedAt = 0;
      });
      this.watcher.unref();
    } catch {
      // No watching here (some network file systems): the once-a-second check remains.
    }
  }

  /** Stops watching the file (the server is closing). */
  close(): void {
    this.watcher?.close();
  }

  /** The configuration, re-read at most once a second when the file changed. */
  get(): SiteConfig {
    const now = Date.now();
    if (now - this.checkedAt > 1000 || !this.current) {
      this.checkedAt = now;
      this.reloadIfChanged();
    }
    return this.current!;
  }

  private reloadIfChanged(): void {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch {
      this.log.error("site_config_missing", { file: this.file });
      return;
    }
    const signature = `${stat.mtimeMs}:${stat.ctimeMs}:${stat.size}:${stat.ino}`;
    if (signature === this.signature) return;
    this.signature = signature;
    try {
      this.current = { ...SiteConfig.parse(JSON.parse(fs.readFileSync(this.file, "utf8"))), ...this.fromServer };
    } catch (err) {
      this.log.error("site_config_invalid", { file: this.file, error: err instanceof Error ? err.message.slice(0, 500) : String(err) });
    }
  }
}
