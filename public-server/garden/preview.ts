import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Context } from "koa";
import { drawingShapes } from "../../shared/flowerDrawings/markup";
import { describeFlower } from "../../shared/flowers";
import { flowerWords } from "../../shared/flowerWords";
import { fullName, IN_LOVING_MEMORY } from "../../shared/garden";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locale";
import { ErrorId } from "../../shared/errors";
import type { DomainEvent, Services } from "../context";
import { NotFound, Unavailable } from "../errors";
import { escapeHtml } from "../lib/html";
import { approvedFlower, searchHiddenAmong } from "./query";
import { fontMetrics, PREVIEW_FONT_FAMILY, PREVIEW_FONT_FILES, type FontMetrics } from "./previewFonts";

/** Changed with the drawing below: every preview is then drawn again, lazily, under a new version. */
const LAYOUT = "2";
/** Drawings waiting for the thread: past this, a preview not yet drawn is asked for again a little later. */
const MAX_WAITING = 32;
/** The thread stops after this long without work (a restart costs about 30 ms); a request starts it again. */
const IDLE_MS = 30_000;
/**
 * Drawings one thread makes before a new thread takes over and it ends. resvg 2.6 keeps each drawing's
 * pixels (1200 x 630 x 4 bytes, about 3 MB) in native memory that is given back only when its thread
 * ends, collections or not: 900 previews drawn one after another took the server to 3 GB. A thread's
 * start costs about 30 ms, beside 8 drawings of about 40 ms.
 */
const DRAWINGS_PER_THREAD = 8;

type Drawn = NonNullable<ReturnType<typeof approvedFlower>>;

/**
 * The picture's fixed words in each language: a memorial page shares the picture in its own
 * language (the Spanish page's link carries &lang=es). The Spanish intro must read as the Spanish
 * memorial page's opening words do (docs/translation.md).
 */
const PREVIEW_WORDS: Record<Locale, { intro: string; garden: string }> = {
  en: { intro: IN_LOVING_MEMORY, garden: "Garden of Remembrance" },
  es: { intro: "En amoroso recuerdo de", garden: "Jardín del Recuerdo" },
};

/** The preview's version: what it shows, in which language, and how it is laid out. It names the file, the ETag and the link's ?v=. */
export function previewVersion(f: Drawn, locale: Locale = DEFAULT_LOCALE): string {
  const shown = [LAYOUT, f.babyFirstName, f.babyMiddleName, f.babyLastName, f.lossDate, f.flowerType];
  // English keeps the versions (and the files, and the links already shared) it had before pictures had a language.
  return createHash("sha1")
    .update(JSON.stringify(locale === DEFAULT_LOCALE ? shown : [...shown, locale]))
    .digest("base64url")
    .slice(0, 16);
}

/** The picture's file in its flower's folder: English as `<version>.png`, another language as `<lang>.<version>.png`. */
const fileName = (locale: Locale, version: string) => (locale === DEFAULT_LOCALE ? `${version}.png` : `${locale}.${version}.png`);

/** The memorial page's og:image, in the page's language: the version in the address lets the image be cached for a year. */
export const previewPath = (f: Drawn, locale: Locale = DEFAULT_LOCALE) =>
  `/api/memorial-flowers/${f.id}/preview.png?v=${previewVersion(f, locale)}${locale === DEFAULT_LOCALE ? "" : `&lang=${locale}`}`;

/** The text column beside the flower, and the sizes of its lines: the baby's name is always the largest. */
const TEXT_X = 520;
const TEXT_WIDTH = 1130 - TEXT_X;
const INTRO_SIZE = 30;
const DATE_SIZES = [28, 24];
const NAME_MIN = 36;
/** For one, two and three lines of the name: the largest size tried. */
const NAME_MAX = [72, 60, 48];
const SMALL_LINES = { flower: 28, footer: 24 };

/**
 * Text as the shipped font can draw it: emoji (and their joiners, variation
 * selectors, skin tones and flags) and any other character the font lacks are
 * left out, so the image never shows a box for a missing glyph.
 */
export function drawable(text: string, font: FontMetrics): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (/[\p{Cc}\p{Cf}\u20e3\ufe00-\ufe0f]/u.test(ch)) continue;
    if (/\s/u.test(ch)) out += " ";
    else if (font.has(cp)) out += ch;
  }
  return out.replace(/ {2,}/g, " ").trim();
}

/** Words laid in lines of at most `width` px; a word wider than a line is split between letters. */
function wrap(text: string, font: FontMetrics, size: number, width: number): string[] {
  // Widths are measured once per word, at 1 px, and scaled: a name is laid out at many sizes.
  const unit = (t: string) => font.width(t, 1);
  const space = unit(" ");
  const limit = width / size;
  const lines: string[] = [];
  let line = "";
  let used = 0;
  for (const word of text.split(" ")) {
    const w = unit(word);
    if (line && used + space + w <= limit) {
      line += ` ${word}`;
      used += space + w;
      continue;
    }
    if (line) lines.push(line);
    if (w <= limit) {
      line = word;
      used = w;
      continue;
    }
    line = "";
    used = 0;
    for (const ch of word) {
      const c = unit(ch);
      if (line && used + c > limit) {
        lines.push(line);
        line = "";
        used = 0;
      }
      line += ch;
      used += c;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The last line shortened at a word (or a letter) so that it ends in "…" within `width`. */
function ellipsis(line: string, font: FontMetrics, size: number, width: number): string {
  let text = line;
  while (text && font.width(`${text}…`, size) > width) text = text.includes(" ") ? text.slice(0, text.lastIndexOf(" ")) : [...text].slice(0, -1).join("");
  return `${text.trimEnd()}…`;
}

/** The name at the largest size that fits in one, two or three lines; an endless name ends in "…". */
export function nameLines(name: string, font: FontMetrics = fontMetrics("bold")): { size: number; lines: string[] } {
  for (let count = 1; count <= NAME_MAX.length; count++) {
    for (let size = NAME_MAX[count - 1]!; size >= NAME_MIN; size -= 2) {
      const lines = wrap(name, font, size, TEXT_WIDTH);
      if (lines.length <= count) return { size, lines };
    }
  }
  const lines = wrap(name, font, NAME_MIN, TEXT_WIDTH);
  const kept = lines.slice(0, NAME_MAX.length);
  kept[kept.length - 1] = ellipsis(lines.length > kept.length ? `${kept.at(-1)} ${lines[kept.length]}` : kept.at(-1)!, font, NAME_MIN, TEXT_WIDTH);
  return { size: NAME_MIN, lines: kept };
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** Month and day names written short ("September" → "Sept."), the first step in making a long date fit. */
export function shortDate(date: string): string {
  let out = date;
  for (const name of [...MONTHS, ...DAYS]) {
    const short = name === "September" ? "Sept." : name.length <= 4 ? name : `${name.slice(0, 3)}.`;
    out = out.replace(new RegExp(`\\b${name}\\b`, "gi"), short);
  }
  return out;
}

/**
 * The date as written, shortened with care when it is too long for the column:
 * month and day names abbreviated, then a smaller size, then two lines, and only
 * then "…" at a word.
 */
export function dateLines(date: string, font: FontMetrics = fontMetrics("regular")): { size: number; lines: string[] } {
  for (const text of [date, shortDate(date)]) {
    for (const size of DATE_SIZES) if (font.width(text, size) <= TEXT_WIDTH) return { size, lines: [text] };
  }
  const size = DATE_SIZES.at(-1)!;
  const lines = wrap(shortDate(date), font, size, TEXT_WIDTH);
  if (lines.length <= 2) return { size, lines };
  return { size, lines: [lines[0]!, ellipsis(`${lines[1]} ${lines[2]}`, font, size, TEXT_WIDTH)] };
}

const text = (x: number, y: number, size: number, fill: string, content: string, extra = "") =>
  `<text x="${x}" y="${y}" font-family="${PREVIEW_FONT_FAMILY}" font-size="${size}" fill="${fill}"${extra}>${escapeHtml(content)}</text>`;

/** The shared link's picture (1200 × 630): the flower drawn from the site's own SVG, and the name. */
export function previewSvg(flower: Drawn, locale: Locale = DEFAULT_LOCALE): string {
  const { label, meaning } = flowerWords(flower.flowerType, locale);
  const { imageType } = describeFlower(flower.flowerType);
  const words = PREVIEW_WORDS[locale];
  const name = nameLines(drawable(fullName(flower), fontMetrics("bold")));
  const date = flower.lossDate ? dateLines(drawable(flower.lossDate, fontMetrics("regular"))) : { size: 0, lines: [] };
  const nameStep = Math.round(name.size * 1.15);
  const dateStep = Math.round(date.size * 1.25);
  // The block of intro, name and date is centred in the space above the flower's line.
  const height = INTRO_SIZE + 24 + name.lines.length * nameStep + (date.lines.length ? 20 + date.lines.length * dateStep : 0);
  let y = Math.round(60 + (420 - height) / 2) + INTRO_SIZE;
  const lines = [text(TEXT_X, y, INTRO_SIZE, "#5b5560", words.intro, ' font-style="italic"')];
  y += 24;
  for (const line of name.lines) lines.push(text(TEXT_X, (y += nameStep), name.size, "#2c3e36", line, ' font-weight="bold"'));
  if (date.lines.length) y += 20;
  for (const line of date.lines) lines.push(text(TEXT_X, (y += dateStep), date.size, "#5b5560", line));
  const flowerLine = fitLine(`${label}, ${meaning}`, SMALL_LINES.flower);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#fbf8f4"/>
  <rect x="24" y="24" width="1152" height="582" rx="28" fill="none" stroke="#d9d0c6" stroke-width="3"/>
  <svg x="70" y="115" width="400" height="400" viewBox="0 0 120 120"><circle cx="60" cy="60" r="58" fill="#f3ede6"/>${drawingOf(imageType)}</svg>
  ${lines.join("\n  ")}
  ${text(TEXT_X, 530, flowerLine, "#8a3a54", `${label}, ${meaning}`)}
  ${text(TEXT_X, 572, SMALL_LINES.footer, "#5b5560", words.garden)}
</svg>`;
}

/** Each flower's drawing, made once (about 2 ms each): the same few kinds are drawn again and again. */
const drawings = new Map<string, string>();
function drawingOf(imageType: Parameters<typeof drawingShapes>[0]): string {
  let shapes = drawings.get(imageType);
  if (shapes === undefined) drawings.set(imageType, (shapes = drawingShapes(imageType)));
  return shapes;
}

/** The size at which a short fixed line fits the column (the flower's words are ours, never long). */
function fitLine(line: string, size: number): number {
  const font = fontMetrics("regular");
  while (size > 16 && font.width(line, size) > TEXT_WIDTH) size -= 2;
  return size;
}

/**
 * The drawing thread, at a lower priority: resvg renders the SVG with the shipped fonts only (no
 * search of the system's), writes the PNG beside its siblings (through a
 * temporary name, so a reader never sees half a file) and removes the older
 * versions in its language. A full disk leaves the PNG unwritten; it is still answered.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");
const { Resvg } = require(workerData.resvg);
const font = { loadSystemFonts: false, fontFiles: workerData.fontFiles, defaultFontFamily: workerData.family, serifFamily: workerData.family };
// On Linux this thread yields the CPU to the event loop (a lower priority for this thread only, by its id).
try {
  require("node:os").setPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()), 10);
} catch {}
parentPort.on("message", ({ job, svg, dir, name }) => {
  let png;
  try {
    png = new Resvg(svg, { font }).render().asPng();
  } catch (err) {
    parentPort.postMessage({ job, error: String((err && err.message) || err) });
    return;
  }
  let stored = false;
  const temp = path.join(dir, "." + name + "." + job + ".tmp");
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(temp, png);
    fs.renameSync(temp, path.join(dir, name));
    stored = true;
    // Older versions in the same language go ("<version>.png" is English, "<lang>.<version>.png" another language).
    const language = (file) => (file.split(".").length === 3 ? file.split(".")[0] : "");
    for (const other of fs.readdirSync(dir)) {
      if (other !== name && !other.startsWith(".") && language(other) === language(name)) fs.rmSync(path.join(dir, other), { force: true });
    }
  } catch {
    fs.rmSync(temp, { force: true });
  }
  parentPort.postMessage({ job, png, stored });
});
`;

interface Job {
  resolve(png: Buffer): void;
  reject(err: Error): void;
}

/** A drawing thread, the drawings sent to it and not yet done, and how many it has been sent. */
interface Drawer {
  worker: Worker;
  jobs: Map<number, Job>;
  sent: number;
}

/**
 * Share images of memorial pages. Each is drawn once per version (when its
 * flower is approved or edited, or on first request for a flower approved
 * before), on a thread of its own, and kept under the data folder as
 * previews/<id>/<version>.png; requests read the file. A flower's folder goes
 * when the flower is deleted, or found no longer approved; a reset of the
 * garden empties them all.
 */
export class PreviewImages {
  readonly dir: string;
  /** The thread new drawings go to. */
  private drawer: Drawer | undefined;
  /** Threads that drew their share and end once their drawings are done. */
  private readonly retiring = new Set<Drawer>();
  private idle: NodeJS.Timeout | undefined;
  private nextJob = 1;
  /** Drawings asked for and not yet done, by file: a second request for the same one waits for the first. */
  private readonly drawing = new Map<string, Promise<Buffer>>();
  /** Drawings and removals started after writes, awaited on stop: none may touch the data folder once the server has closed. */
  private readonly afterWrites = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(private readonly s: Services) {
    this.dir = path.join(s.config.dataDir, "previews");
    // Told once the write committed, so a write rolled back neither draws nor removes anything.
    s.afterCommit.push((event) => this.afterWrite(event));
  }

  /** Answers GET /api/memorial-flowers/:id/preview.png like a static file: ETag, long cache when versioned, noindex unless the site allows indexing memorials. */
  async send(ctx: Context, id: number): Promise<void> {
    const lang = ctx.query.lang ?? DEFAULT_LOCALE;
    if (!isLocale(lang)) throw NotFound("There is no picture in that language.");
    const flower = await this.s.db.read((db) => approvedFlower(db, id));
    if (!flower) {
      void this.forget(id);
      throw NotFound("This memorial flower is not in the garden.");
    }
    const version = previewVersion(flower, lang);
    ctx.set("ETag", `"${version}"`);
    // It shows the baby's name: out of search engines like the memorial page, unless the site allows it and the family did not say no.
    if (!this.s.site.get().allowMemorialIndexing || (await this.s.db.read((db) => searchHiddenAmong(db, [id])))) ctx.set("X-Robots-Tag", "noindex");
    // The page links the versioned address: a new name or date is a new address, so it may be kept a year.
    ctx.set("Cache-Control", ctx.query.v === version ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    ctx.type = "image/png";
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = await this.png(flower, lang, version);
  }

  /** The stored PNG of this version, drawn first when it is not on disk. */
  async png(flower: Drawn, locale: Locale = DEFAULT_LOCALE, version = previewVersion(flower, locale)): Promise<Buffer> {
    const file = path.join(this.dir, String(flower.id), fileName(locale, version));
    try {
      return await fs.promises.readFile(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    return this.draw(flower, locale, version);
  }

  /** Takes no more drawings, lets the ones under way finish (each a few milliseconds), and ends the thread. */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.afterWrites.size || this.drawing.size) await Promise.allSettled([...this.afterWrites, ...this.drawing.values()]);
    clearTimeout(this.idle);
    const drawers = [...this.retiring, ...(this.drawer ? [this.drawer] : [])];
    this.drawer = undefined;
    this.retiring.clear();
    await Promise.all(drawers.map((d) => d.worker.terminate()));
  }

  private draw(flower: Drawn, locale: Locale, version: string): Promise<Buffer> {
    if (this.stopped) throw Unavailable(ErrorId.busy, "The site is restarting. Please try again in a moment.", 5);
    const file = path.join(String(flower.id), fileName(locale, version));
    const pending = this.drawing.get(file);
    if (pending) return pending;
    if (this.drawing.size >= MAX_WAITING) throw Unavailable(ErrorId.busy, "Many pictures are being drawn just now. Please try again in a moment.", 5);
    const promise = this.run(previewSvg(flower, locale), path.join(this.dir, String(flower.id)), fileName(locale, version)).finally(() =>
      this.drawing.delete(file),
    );
    this.drawing.set(file, promise);
    return promise;
  }

  private run(svg: string, dir: string, name: string): Promise<Buffer> {
    clearTimeout(this.idle);
    if (this.drawer && this.drawer.sent >= DRAWINGS_PER_THREAD) {
      this.retire(this.drawer);
      this.drawer = undefined;
    }
    const drawer = (this.drawer ??= this.startDrawer());
    const job = this.nextJob++;
    drawer.sent++;
    return new Promise<Buffer>((resolve, reject) => {
      drawer.jobs.set(job, { resolve, reject });
      drawer.worker.postMessage({ job, svg, dir, name });
    });
  }

  private startDrawer(): Drawer {
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: {
        resvg: createRequire(import.meta.url).resolve("@resvg/resvg-js"),
        fontFiles: Object.values(PREVIEW_FONT_FILES),
        family: PREVIEW_FONT_FAMILY,
      },
    });
    worker.unref();
    const drawer: Drawer = { worker, jobs: new Map(), sent: 0 };
    worker.on("message", (m: { job: number; png?: Uint8Array; error?: string; stored?: boolean }) => {
      const job = drawer.jobs.get(m.job);
      drawer.jobs.delete(m.job);
      if (m.error || !m.png) job?.reject(new Error(`The preview could not be drawn: ${m.error}`));
      else job?.resolve(Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength));
      if (m.stored === false) this.s.log.error("preview_not_stored", { dir: this.dir });
      if (this.retiring.has(drawer)) this.retire(drawer);
      else if (!drawer.jobs.size) this.idle = setTimeout(() => this.stopDrawer(), IDLE_MS).unref();
    });
    const fail = (err: Error) => {
      for (const job of drawer.jobs.values()) job.reject(err);
      drawer.jobs.clear();
      this.retiring.delete(drawer);
      if (this.drawer === drawer) this.drawer = undefined;
    };
    worker.on("error", fail);
    worker.on("exit", () => fail(new Error("The preview drawing thread stopped.")));
    return drawer;
  }

  /** Ends a thread that drew its share once its drawings are done (and with them, the memory they held). */
  private retire(drawer: Drawer): void {
    if (drawer.jobs.size) {
      this.retiring.add(drawer);
      return;
    }
    this.retiring.delete(drawer);
    void drawer.worker.terminate();
  }

  private stopDrawer(): void {
    const drawer = this.drawer;
    if (!drawer || drawer.jobs.size) return;
    this.drawer = undefined;
    void drawer.worker.terminate();
  }

  /** After a garden write committed: draws what was approved or edited, removes what was deleted, all of them on a reset. */
  private afterWrite(event: DomainEvent): void {
    if (this.stopped) return;
    if (event.type === "imported" && event.mode === "reset") {
      this.track(fs.promises.rm(this.dir, { recursive: true, force: true }).catch(() => undefined));
      return;
    }
    if (event.type === "deleted" && event.kind === "flower") {
      this.track(this.forget(event.id));
      return;
    }
    const drawn =
      (event.type === "approved" && event.kind === "flower") || event.type === "edited" || (event.type === "correction" && event.action === "approved");
    if (drawn) {
      const { id } = event;
      this.track(
        this.s.db
          .read((db) => approvedFlower(db, id))
          .then(async (flower) => void (flower ? await this.png(flower) : await this.forget(id)))
          .catch((err: unknown) => this.s.log.error("preview_not_drawn", { id, error: err instanceof Error ? err.message : String(err) })),
      );
    }
  }

  private track(work: Promise<unknown>): void {
    this.afterWrites.add(work);
    void work.finally(() => this.afterWrites.delete(work));
  }

  private async forget(id: number): Promise<void> {
    await fs.promises.rm(path.join(this.dir, String(id)), { recursive: true, force: true }).catch(() => undefined);
  }
}
