// The built server started for a benchmark as `npm start` starts it in production, for bench-garden.ts
// and bench-crowd.ts.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Starts dist/server/main.js with `npm start`'s Node flags (its heap limits) and environment (its
 * malloc settings), then `nodeArgs` (such as a probe to import) and the flags in BENCH_NODE_FLAGS
 * (--cpu-prof, --trace-gc, --perf-basic-prof-only-functions…, to find where the server's time goes).
 * With BENCH_SERVER_LOG, everything the server writes is also kept in that file.
 */
export function spawnBuiltServer(nodeArgs: string[], env: Record<string, string>): ChildProcess {
  if (!fs.existsSync(path.join(ROOT, "dist/server/main.js"))) throw new Error("Run `npm run build` first.");
  const start = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
  const startFlags = start.match(/--[\w-]+=\S+/g) ?? [];
  const startEnv = Object.fromEntries((/^(?:\w+=\S+ )*/.exec(start)?.[0].trim().split(" ") ?? []).filter(Boolean).map((s) => s.split("=")));
  const extraFlags = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...startFlags, ...extraFlags, ...nodeArgs, "dist/server/main.js"], {
    cwd: ROOT,
    env: { ...process.env, ...startEnv, HOST: "127.0.0.1", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (process.env.BENCH_SERVER_LOG) {
    const log = fs.createWriteStream(process.env.BENCH_SERVER_LOG);
    child.stdout!.on("data", (d) => log.write(d));
    child.stderr!.on("data", (d) => log.write(d));
    child.once("exit", () => log.end());
  }
  return child;
}
