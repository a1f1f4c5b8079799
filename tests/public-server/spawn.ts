import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../support/testServer";
import { freePort } from "../support/freePort";

/** The real server as its own process (public-server/main.ts through tsx), for signal and crash tests. */
export interface SpawnedServer {
  url: string;
  dataDir: string;
  databasePath: string;
  backupDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  /** Kills the process if it is still running and removes its data folder. */
  cleanup(): Promise<void>;
}

export async function spawnServer(env: Record<string, string> = {}): Promise<SpawnedServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-proc-"));
  fs.copyFileSync(path.join(ROOT, "data/site.json"), path.join(dataDir, "site.json"));
  const port = await freePort();
  // One process (node with the tsx loader), so a signal reaches the server itself.
  const child = spawn(process.execPath, ["--import", "tsx", "public-server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info", WEB_DIR: path.join(ROOT, "dist/web"), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  const started = Date.now();
  while (!/"event":"listening"/.test(out)) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${out}`);
    if (Date.now() - started > 30_000) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    databasePath: path.join(dataDir, "garden.sqlite"),
    backupDir: path.join(dataDir, "backups"),
    child,
    output: () => out,
    exited,
    async cleanup() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
