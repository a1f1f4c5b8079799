import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

type Task = () => unknown;

/**
 * What a test file must undo (servers to stop, folders to remove), done after
 * its last test, last registered first. Call once at the top of a file:
 * `const { cleanups, tempDir } = cleanupAfterAll();` then `cleanups.push(s.stop)`.
 */
export function cleanupAfterAll(): { cleanups: Task[]; tempDir(prefix: string): string } {
  const cleanups: Task[] = [];
  afterAll(async () => {
    for (const task of cleanups.reverse()) await task();
  });
  return {
    cleanups,
    /** A fresh folder under the system's temporary folder, removed after the file's tests. */
    tempDir(prefix) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
  };
}
