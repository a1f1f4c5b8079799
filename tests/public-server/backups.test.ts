import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pruneBackups } from "../../public-server/commands/importFlowers";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-backups-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("reset-and-import backups", () => {
  it("keeps the configured number of the newest backups and touches nothing else", () => {
    const names = Array.from({ length: 7 }, (_, i) => `garden-before-import-2026-11-2${i}T10-00-00-000Z.sqlite`);
    for (const n of [...names, "notes.txt", "garden-before-import-x.sqlite.tmp"]) fs.writeFileSync(path.join(dir, n), "x");
    expect(pruneBackups(dir, 3)).toEqual(names.slice(0, 4));
    expect(fs.readdirSync(dir).sort()).toEqual([...names.slice(4), "garden-before-import-x.sqlite.tmp", "notes.txt"].sort());
    expect(pruneBackups(path.join(dir, "missing"), 3)).toEqual([]);
  });
});
