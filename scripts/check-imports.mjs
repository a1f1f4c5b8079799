#!/usr/bin/env node
// The import graph's two rules, checked in `npm run check`:
// - no circle: a module never reaches itself through its imports (type-only imports count too: a
//   circle of types is still two modules that cannot be understood one without the other);
// - the parts' boundaries: shared/ is code for the server, the site and the desktop alike, so it
//   imports none of them and nothing of Node's; the server imports nothing from the site's code.
// Relative imports only: packages are not ours to order.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");
const PARTS = ["public-server", "public-web", "admin-desktop", "shared"];
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

/** What a part may not import: a folder at the root, or "node:" for Node's modules. */
const FORBIDDEN = {
  shared: ["public-server", "public-web", "admin-desktop", "node:"],
  "public-server": ["public-web", "admin-desktop"],
  "public-web": ["public-server", "admin-desktop"],
};

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") out.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

function specifiers(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0] ?? {})) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ""));
  if (/\.tsx?$/.test(base) && fs.existsSync(base)) return base;
  for (const ext of EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext;
  return undefined;
}

const rel = (file) => path.relative(ROOT, file);
const graph = new Map();
const problems = [];
for (const part of PARTS) {
  for (const file of sourceFiles(path.join(ROOT, part))) {
    const edges = [];
    for (const specifier of specifiers(file)) {
      const forbidden = FORBIDDEN[part] ?? [];
      if (specifier.startsWith("node:") && forbidden.includes("node:")) problems.push(`${rel(file)} imports ${specifier}: shared/ runs in the browser too`);
      if (!specifier.startsWith(".")) continue;
      const target = resolve(file, specifier);
      if (!target) continue;
      const into = rel(target).split(path.sep)[0];
      if (forbidden.includes(into)) problems.push(`${rel(file)} imports ${rel(target)}: ${part}/ may not import from ${into}/`);
      edges.push(target);
    }
    graph.set(file, edges);
  }
}

// Tarjan's strongly connected components: every component of more than one module (or a module importing itself) is a circle.
let index = 0;
const indices = new Map();
const lowlinks = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
function strongConnect(v) {
  indices.set(v, index);
  lowlinks.set(v, index);
  index++;
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!indices.has(w)) {
      strongConnect(w);
      lowlinks.set(v, Math.min(lowlinks.get(v), lowlinks.get(w)));
    } else if (onStack.has(w)) lowlinks.set(v, Math.min(lowlinks.get(v), indices.get(w)));
  }
  if (lowlinks.get(v) === indices.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.map(rel).sort());
  }
}
for (const v of graph.keys()) if (!indices.has(v)) strongConnect(v);
for (const circle of circles) problems.push(`an import circle among ${circle.length} modules: ${circle.join(", ")}`);

if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`Imports: ${graph.size} modules, no circle, every part within its boundaries.`);
