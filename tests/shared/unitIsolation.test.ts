import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config from "../../vitest.config";
import { ROOT } from "../support/paths";

/**
 * `npm run test:unit` runs in a fresh clone without a build, and quickly: no unit test file, nor the
 * set-up every test file loads, may reach the server's code (which needs dist/server/databaseThread.js
 * for its large writes, and took 10–25 s to load into each file). Follows every relative import.
 */
type Project = { test?: { name?: string; include?: string[]; exclude?: string[] } };
const projects = (config.test?.projects ?? []) as Project[];
const unit = projects.find((p) => p.test?.name === "unit")?.test;
const setupFiles = [config.test?.setupFiles ?? []].flat();

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|import\s*\(?\s*["']([^"']+)["']/g;
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs", ".cjs", "/index.ts", "/index.tsx"];

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const ext of EXTENSIONS) if (fs.existsSync(base + ext) && fs.statSync(base + ext).isFile()) return base + ext;
  return null;
}

/** Every file of the repository a file loads, with the chain that leads to each. */
function reach(start: string): Map<string, string[]> {
  const seen = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const m of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const next = resolve(file, m[1] ?? m[2] ?? "");
      if (next && !seen.has(next)) {
        seen.set(next, [...seen.get(file)!, next]);
        queue.push(next);
      }
    }
  }
  return seen;
}

function unitFiles(): string[] {
  const include = unit?.include ?? [];
  const exclude = unit?.exclude ?? [];
  return fs
    .globSync(include, { cwd: ROOT })
    .filter((f) => !exclude.some((x) => path.matchesGlob(f, x)))
    .map((f) => path.join(ROOT, f));
}

describe("unit tests stand alone", () => {
  it("finds the unit project, its files and the shared set-up", () => {
    expect(unitFiles().length).toBeGreaterThan(5);
    expect(setupFiles.length).toBeGreaterThan(0);
  });

  it.each([...setupFiles.map((f) => path.join(ROOT, f)), ...unitFiles()].map((f) => [path.relative(ROOT, f), f]))(
    "%s loads nothing of the server",
    (_name, file) => {
      const server = [...reach(file)].filter(([f]) => f.startsWith(path.join(ROOT, "public-server") + path.sep));
      expect(server.map(([, chain]) => chain.map((f) => path.relative(ROOT, f)).join(" → ")).slice(0, 3)).toEqual([]);
    },
  );
});
