import fs from "node:fs";
import path from "node:path";
import { formatPo, parsePo, type PoEntry, type PoFile } from "../shared/i18n/po";

/**
 * The catalogs' extraction and check (`npm run i18n:extract`, and `npm run i18n:check` in `npm run check`
 * and before every build of the site). A sentence is marked where it is written: `t("…")` in a component
 * (`tr` where `t` names something else), `t(locale, "…")` on the server, `msg("…")` anywhere else; its
 * English is its msgid. Every marked sentence must have its translation in every language's .po file,
 * or the build stops.
 */

/** The folders whose code a visitor's words come from (the admin speaks English only). */
const SOURCES = ["public-web", "public-server", "shared"];
const SKIPPED = /(^|\/)(admin|components\/admin|pages\/admin)(\/|$)|\.d\.ts$/;
export const CATALOG_DIR = "shared/i18n";

/** `t("…")`, `tr("…")`, `t(locale, "…")`, `msg("…")`: the sentence is the first string literal. */
const MARKED = /\b(?:t|tr|msg)\(\s*(?:[A-Za-z_.]+,\s*)?("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/g;
/** A marked sentence built at run time cannot be looked up. */
const BUILT = /\b(?:t|tr|msg)\(\s*(?:[A-Za-z_.]+,\s*)?`/g;

export interface Marked {
  id: string;
  /** "file:line" */
  where: string;
}

/** The marked sentences of one file's text, and the places a sentence is built instead of written. */
export function messagesIn(text: string, file: string): { messages: Marked[]; built: string[] } {
  const line = (index: number) => `${file}:${text.slice(0, index).split("\n").length}`;
  const messages = [...text.matchAll(MARKED)].map((m) => ({ id: literal(m[1]!), where: line(m.index + m[0].length - m[1]!.length) }));
  const built = [...text.matchAll(BUILT)].map((m) => line(m.index));
  return { messages, built };
}

/** The text of a string literal in double or single quotes. */
function literal(quoted: string): string {
  if (quoted.startsWith('"')) return JSON.parse(quoted) as string;
  return JSON.parse(
    `"${quoted
      .slice(1, -1)
      .replace(/\\'/g, "'")
      .replace(/(^|[^\\])"/g, '$1\\"')}"`,
  ) as string;
}

function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (SKIPPED.test(rel)) continue;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name)) out.push(rel);
    }
  };
  for (const dir of SOURCES) walk(dir);
  return out.sort();
}

/** Every marked sentence of the code under `root`, once each, with where it is first used. */
export function extract(root: string): { messages: Map<string, string[]>; built: string[] } {
  const messages = new Map<string, string[]>();
  const built: string[] = [];
  for (const file of sourceFiles(root)) {
    const found = messagesIn(fs.readFileSync(path.join(root, file), "utf8"), file);
    for (const m of found.messages) messages.set(m.id, [...(messages.get(m.id) ?? []), m.where]);
    built.push(...found.built);
  }
  return { messages, built };
}

/** The catalog as extraction leaves it: every used sentence (new ones untranslated), unused ones removed. */
export function updated(po: PoFile, messages: Map<string, string[]>): PoFile {
  const known = new Map(po.entries.map((e) => [e.id, e]));
  const entries: PoEntry[] = [...messages].map(([id, where]) => {
    const old = known.get(id);
    const notes = (old?.comments ?? []).filter((c) => !c.startsWith("#:"));
    return { id, str: old?.str ?? "", comments: [...notes, `#: ${where.slice(0, 3).join(" ")}`] };
  });
  return { header: po.header, entries };
}

/** What stops the build: sentences without a translation, sentences built at run time, a stale catalog. */
export function problems(po: PoFile, messages: Map<string, string[]>, built: string[], file: string): string[] {
  const out: string[] = [];
  const known = new Map(po.entries.map((e) => [e.id, e]));
  for (const [id, where] of messages) {
    const entry = known.get(id);
    if (!entry) out.push(`${file}: no entry for ${JSON.stringify(id)} (${where[0]}): run npm run i18n:extract, then translate it`);
    else if (!entry.str.trim()) out.push(`${file}: no translation for ${JSON.stringify(id)} (${where[0]})`);
  }
  for (const entry of po.entries) if (!messages.has(entry.id)) out.push(`${file}: ${JSON.stringify(entry.id)} is no longer used: run npm run i18n:extract`);
  for (const where of built) out.push(`${where}: a sentence to translate must be written out in quotes, with {placeholders} for its values`);
  return out;
}

/** The .po files of the catalog folder, by language. */
export function catalogFiles(root: string): string[] {
  return fs
    .readdirSync(path.join(root, CATALOG_DIR))
    .filter((f) => f.endsWith(".po"))
    .map((f) => path.join(root, CATALOG_DIR, f));
}

/** Runs the check (or, with `write`, the extraction) over the code and catalogs under `root`. */
export function run(root: string, write: boolean): string[] {
  const { messages, built } = extract(root);
  const out: string[] = [];
  for (const file of catalogFiles(root)) {
    const po = parsePo(fs.readFileSync(file, "utf8"));
    if (write) fs.writeFileSync(file, formatPo(updated(po, messages)));
    out.push(...problems(write ? updated(po, messages) : po, messages, built, path.relative(root, file)));
  }
  return out;
}
