import fs from "node:fs";
import path from "node:path";
import { createElement, type JSX } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/paths";

/**
 * Unicode glyphs (×, ☰, ←, ✓, ✝, ♡, ☎, ▶, emoji…) drawn as icons look different on every system, are
 * read aloud by some screen readers and sit off the text's baseline. The site, the web admin and the
 * desktop app draw their icons with components/ui/icons/ instead; this finds a glyph that comes
 * back in what a person sees: the text and string literals of the interface's code (comments aside),
 * the stylesheets' generated content, and the HTML shells.
 */
const GLYPH = /[\u00d7\u2039\u203a\u2190-\u21ff\u2300-\u23ff\u25a0-\u27bf\u2900-\u297f\u2b00-\u2bff\u{1f300}-\u{1faff}]/u;
const FOLDERS = ["public-web", "admin-desktop/renderer", "public-server"];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : files(full);
    return /\.(tsx?|css|html)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Every glyph in the texts and strings of a script (comments are not scanned), with its line. */
function glyphsInScript(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) || ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const glyph = GLYPH.exec(node.text);
      if (glyph) found.push(`line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: "${glyph[0]}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every glyph in a stylesheet or page outside its comments. */
function glyphsInMarkup(text: string): string[] {
  const bare = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/<!--[\s\S]*?-->/g, "");
  return bare.split("\n").flatMap((line, i) => {
    const glyph = GLYPH.exec(line);
    return glyph ? [`line ${i + 1}: "${glyph[0]}"`] : [];
  });
}

describe("icons", () => {
  it("are drawn, never written as Unicode glyphs, in the site, the admin and the desktop app", () => {
    const scanned = FOLDERS.flatMap((folder) => files(path.join(ROOT, folder)));
    expect(scanned.length).toBeGreaterThan(100);
    const offenders = scanned.flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      const found = /\.tsx?$/.test(file) ? glyphsInScript(file, text) : glyphsInMarkup(text);
      return found.map((where) => `${path.relative(ROOT, file)} ${where}`);
    });
    expect(offenders).toEqual([]);
  });

  it("finds a glyph written in an interface's text, and passes over one in a comment", () => {
    expect(glyphsInScript("x.tsx", `// a comment → fine\nconst A = () => <button aria-label="Close">×</button>;`)).toEqual(['line 2: "×"']);
    expect(glyphsInScript("x.ts", `/** "Zoë" → "zoe" */\nexport const next = "Next ›";`)).toEqual(['line 2: "›"']);
    expect(glyphsInMarkup(`/* ✓ */\n.x::before { content: "✝"; }`)).toEqual(['line 2: "✝"']);
  });

  it("are hidden from assistive technology, each a single stroked path", () => {
    const modules = import.meta.glob<Record<string, () => JSX.Element>>("../../public-web/components/ui/icons/*.tsx", { eager: true });
    const drawn = Object.values(modules).flatMap((exports) => Object.entries(exports).filter(([name]) => name !== "Icon"));
    expect(drawn.length).toBeGreaterThan(10);
    for (const [name, Icon] of drawn) {
      const markup = renderToStaticMarkup(createElement(Icon));
      expect(markup, name).toMatch(/^<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="[^"]+"><\/path><\/svg>$/);
    }
  });
});
