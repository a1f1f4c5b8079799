/**
 * Gettext .po catalogs, as translators' tools (Poedit, Weblate, Lokalize) open them: each entry's msgid is
 * the English sentence, its msgstr the translation, `#.` lines a note for the translator. Only what the
 * site's catalogs use: no contexts, no gettext plurals (plurals are written in the sentence, ICU style).
 */
export interface PoEntry {
  id: string;
  str: string;
  /** The translator's notes (`#.` lines) and any other comment lines, kept as they are. */
  comments: string[];
}

export interface PoFile {
  /** The header (the entry with an empty msgid), kept as written. */
  header: PoEntry | undefined;
  entries: PoEntry[];
}

const unquote = (line: string): string => JSON.parse(line.trim().replace(/\\(?!["\\nt])/g, "\\\\")) as string;

/** Reads a .po file; throws with the line number on a line it cannot read. */
export function parsePo(text: string): PoFile {
  const entries: PoEntry[] = [];
  let header: PoEntry | undefined;
  let comments: string[] = [];
  let current: { id?: string; str?: string } = {};
  let field: "id" | "str" | undefined;
  const finish = () => {
    if (current.id !== undefined) {
      const entry = { id: current.id, str: current.str ?? "", comments };
      if (entry.id === "") header = entry;
      else entries.push(entry);
      comments = [];
    }
    current = {};
    field = undefined;
  };
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    try {
      if (line === "") finish();
      else if (line.startsWith("#")) {
        if (current.id !== undefined) finish();
        comments.push(line);
      } else if (line.startsWith("msgid ")) {
        if (current.id !== undefined) finish();
        current.id = unquote(line.slice(6));
        field = "id";
      } else if (line.startsWith("msgstr ")) {
        current.str = unquote(line.slice(7));
        field = "str";
      } else if (line.startsWith('"') && field) current[field] += unquote(line);
      else throw new Error("unexpected");
    } catch {
      throw new Error(`line ${index + 1} of the catalog cannot be read: ${raw.slice(0, 80)}`);
    }
  });
  finish();
  return { header, entries };
}

const quote = (s: string) => JSON.stringify(s).replace(/\\u00a0/g, "\u00a0");

/** One field, split after each line break as translators' tools write it. */
function field(name: string, value: string): string {
  if (!value.includes("\n")) return `${name} ${quote(value)}`;
  const parts = value.split(/(?<=\n)/);
  return [`${name} ""`, ...parts.map(quote)].join("\n");
}

/** Writes a .po file: header first, then the entries in the given order. */
export function formatPo(po: PoFile): string {
  const blocks = [...(po.header ? [po.header] : []), ...po.entries].map((e) => [...e.comments, field("msgid", e.id), field("msgstr", e.str)].join("\n"));
  return `${blocks.join("\n\n")}\n`;
}

/** The catalog of a .po file: msgid → msgstr, untranslated entries left out. */
export function catalogOf(po: PoFile): Record<string, string> {
  return Object.fromEntries(po.entries.filter((e) => e.str !== "").map((e) => [e.id, e.str]));
}
