import fs from "node:fs";
import path from "node:path";
import { SiteConfig, siteFor, untranslated } from "../../shared/schemas/site";
import type { Locale } from "../../shared/i18n/locale";
import type { Logger } from "./log";

/**
 * Reads data/site.json at run time and again whenever the file changes, so a
 * team edits contact details without a rebuild: at most once a second, a
 * request looks at the file's size, times and inode, and reads it again when
 * they changed (editors often replace the file rather than write it). A broken
 * edit is logged and the last good version is kept.
 *
 * Not fs.watch on the folder: the database and its write-ahead log live in the
 * same folder, so a large write woke the event loop for every page SQLite
 * wrote (50,000 rows updated: about 2,700 wake-ups and 300 ms of its CPU).
 */
export class SiteConfigStore {
  private current: SiteConfig | undefined;
  private signature = "";
  private checkedAt = 0;
  /** The configuration in each language (siteFor), for the version of the file in `current`. */
  private readonly inLocale = new Map<Locale, SiteConfig>();
  private inLocaleOf: SiteConfig | undefined;

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

  /** The configuration with the team's texts in `locale`: one object per language and version of the file. */
  forLocale(locale: Locale): SiteConfig {
    const site = this.get();
    if (site !== this.inLocaleOf) {
      this.inLocale.clear();
      this.inLocaleOf = site;
    }
    let texts = this.inLocale.get(locale);
    if (!texts) {
      texts = siteFor(site, locale);
      this.inLocale.set(locale, texts);
    }
    return texts;
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
      // Shown in English meanwhile; named once per version of the file, so the team can fill them in.
      const missing = untranslated(this.current);
      if (missing.length) this.log.info("site_config_untranslated", { file: this.file, missing: missing.slice(0, 20).join(", "), count: missing.length });
    } catch (err) {
      this.log.error("site_config_invalid", { file: this.file, error: err instanceof Error ? err.message.slice(0, 500) : String(err) });
    }
  }
}
