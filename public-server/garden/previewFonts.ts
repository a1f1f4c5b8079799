import fs from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

/**
 * The share image's fonts, shipped with the project (DejaVu, from the
 * dejavu-fonts-ttf package, under the Bitstream Vera licence in its LICENSE):
 * a server without fonts drew the image without a word. The renderer gets only
 * these files, never the system's, so the image is the same on every server.
 */
const FONT_DIR = path.join(path.dirname(fileURLToPath(import.meta.resolve("dejavu-fonts-ttf/package.json"))), "ttf");
export const PREVIEW_FONT_FAMILY = "DejaVu Serif";
export const PREVIEW_FONT_FILES = {
  regular: path.join(FONT_DIR, "DejaVuSerif.ttf"),
  bold: path.join(FONT_DIR, "DejaVuSerif-Bold.ttf"),
  italic: path.join(FONT_DIR, "DejaVuSerif-Italic.ttf"),
} as const;
export type FontStyle = keyof typeof PREVIEW_FONT_FILES;

/** What the layout needs of a font: which characters it draws, and how wide each is (in em). */
export interface FontMetrics {
  has(codePoint: number): boolean;
  /** The width of `text` at `size` px, from the font's advances (kerning only narrows DejaVu's pairs). */
  width(text: string, size: number): number;
}

const loaded = new Map<FontStyle, FontMetrics>();
/** Words measured and kept per font (a name is laid out at many sizes); emptied when full. */
const MAX_MEASURED = 10_000;

/** Each font's tables are read once, on first use. */
export function fontMetrics(style: FontStyle): FontMetrics {
  let metrics = loaded.get(style);
  if (!metrics) loaded.set(style, (metrics = readMetrics(fs.readFileSync(PREVIEW_FONT_FILES[style]))));
  return metrics;
}

/** Reads cmap (formats 4 and 12), hhea, hmtx and head of a TrueType file. */
function readMetrics(font: Buffer): FontMetrics {
  const tables = new Map<string, number>();
  for (let i = 0, count = font.readUInt16BE(4); i < count; i++) {
    const at = 12 + i * 16;
    tables.set(font.toString("latin1", at, at + 4), font.readUInt32BE(at + 8));
  }
  const table = (tag: string) => {
    const at = tables.get(tag);
    if (at === undefined) throw new Error(`The font has no ${tag} table.`);
    return at;
  };
  const unitsPerEm = font.readUInt16BE(table("head") + 18);
  const longMetrics = font.readUInt16BE(table("hhea") + 34);
  const hmtx = table("hmtx");
  const advance = (glyph: number) => font.readUInt16BE(hmtx + 4 * Math.min(glyph, longMetrics - 1));
  const lookup = cmapLookup(font, table("cmap"));
  // Each character is looked up once: a name is measured at many sizes while it is laid out.
  const glyphs = new Map<number, number>();
  const glyphOf = (cp: number) => {
    let glyph = glyphs.get(cp);
    if (glyph === undefined) glyphs.set(cp, (glyph = lookup(cp)));
    return glyph;
  };
  const measured = new Map<string, number>();
  return {
    has: (cp) => glyphOf(cp) !== 0,
    width(text, size) {
      let units = measured.get(text);
      if (units === undefined) {
        units = 0;
        for (const ch of text) units += advance(glyphOf(ch.codePointAt(0)!));
        if (measured.size >= MAX_MEASURED) measured.clear();
        measured.set(text, units);
      }
      return (units / unitsPerEm) * size;
    },
  };
}

function cmapLookup(font: Buffer, cmap: number): (cp: number) => number {
  let format4 = -1;
  for (let i = 0, count = font.readUInt16BE(cmap + 2); i < count; i++) {
    const at = cmap + 4 + i * 8;
    const platform = font.readUInt16BE(at);
    const encoding = font.readUInt16BE(at + 2);
    const sub = cmap + font.readUInt32BE(at + 4);
    const format = font.readUInt16BE(sub);
    if (format === 12 && (platform === 3 || platform === 0)) {
      const groups = font.readUInt32BE(sub + 12);
      return (cp) => {
        let lo = 0;
        let hi = groups - 1;
        while (lo <= hi) {
          const mid = (lo + hi) >> 1;
          const g = sub + 16 + mid * 12;
          if (cp < font.readUInt32BE(g)) hi = mid - 1;
          else if (cp > font.readUInt32BE(g + 4)) lo = mid + 1;
          else return font.readUInt32BE(g + 8) + cp - font.readUInt32BE(g);
        }
        return 0;
      };
    }
    if (format === 4 && platform === 3 && encoding === 1) format4 = sub;
  }
  if (format4 < 0) throw new Error("The font has no Unicode character map.");
  const sub = format4;
  const segments = font.readUInt16BE(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const offsets = deltas + segments * 2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let i = 0; i < segments; i++) {
      if (cp > font.readUInt16BE(ends + i * 2)) continue;
      const start = font.readUInt16BE(starts + i * 2);
      if (cp < start) return 0;
      const delta = font.readInt16BE(deltas + i * 2);
      const offset = font.readUInt16BE(offsets + i * 2);
      if (offset === 0) return (cp + delta) & 0xffff;
      const glyph = font.readUInt16BE(offsets + i * 2 + offset + (cp - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}
