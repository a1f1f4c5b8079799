import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./paths";

/**
 * A stranger's clone has nothing beside it, so no test may read a file that sits next to the
 * repository (as the sample CSVs once did). Loaded before every test file: the common ways of reading
 * a file throw when they are pointed at the repository's parent folder but not inside the repository.
 * Temporary folders and system paths are elsewhere and stay allowed.
 */
const PARENT = path.dirname(ROOT) + path.sep;
const INSIDE = ROOT + path.sep;

export function isBesideRepository(target: fs.PathLike | number): boolean {
  if (typeof target === "number") return false;
  const resolved = path.resolve(target instanceof URL ? target.pathname : String(target));
  return resolved.startsWith(PARENT) && !resolved.startsWith(INSIDE) && resolved !== ROOT;
}

function guard<F extends (...args: never[]) => unknown>(name: string, original: F): F {
  return function (this: unknown, ...args: Parameters<F>) {
    const target = args[0] as unknown as fs.PathLike;
    if (isBesideRepository(target)) {
      throw new Error(`${name}(${String(target)}): tests must not read outside the repository; keep what they need in tests/fixtures/`);
    }
    return original.apply(this, args);
  } as F;
}

// Reads of content only: build tools legitimately look for config files in parent folders (existsSync, statSync).
const names = ["readFileSync", "readFile", "createReadStream", "copyFileSync"] as const;
for (const name of names) {
  (fs as unknown as Record<string, unknown>)[name] = guard(name, fs[name] as never);
}
fs.promises.readFile = guard("promises.readFile", fs.promises.readFile);
