import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/paths";
import { isBesideRepository } from "../support/stayInRepo";

describe("tests run from a clone with nothing beside it", () => {
  it("refuses to read a file beside the repository, and still reads the repository's own fixtures", () => {
    const beside = path.join(path.dirname(ROOT), "shared", "data", "garden-823.csv");
    expect(() => fs.readFileSync(beside, "utf8")).toThrow(/must not read outside the repository/);
    expect(() => fs.copyFileSync(path.join(ROOT, "..", "anything"), path.join(ROOT, "x"))).toThrow(/outside the repository/);
    expect(fs.readFileSync(path.join(ROOT, "tests/fixtures/garden-823.csv"), "utf8").split(/\r?\n/)[0]).toBe(
      "First Name,Middle Name,Last Name,Date of Loss,Flower Type",
    );
  });

  it("finds no path to the folder beside the repository in the tests or scripts", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "fixtures" && entry.name !== "node_modules") walk(full);
        } else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && full !== import.meta.filename) {
          // Every relative path written in the file, resolved from the file's folder (and, for paths that
          // name data, from the root, where scripts resolve them).
          for (const [, literal] of fs.readFileSync(full, "utf8").matchAll(/["'`]((?:\.\.\/)+[^"'`]*)["'`]/g)) {
            const bases = /data|\.csv/.test(literal!) ? [path.dirname(full), ROOT] : [path.dirname(full)];
            if (bases.some((from) => isBesideRepository(path.resolve(from, literal!)))) offenders.push(`${path.relative(ROOT, full)}: ${literal}`);
          }
        }
      }
    };
    walk(path.join(ROOT, "tests"));
    walk(path.join(ROOT, "scripts"));
    expect(offenders).toEqual([]);
  });
});
