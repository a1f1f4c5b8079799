import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createServer, type ServerParts } from "../../public-server/app";
import { loadConfig, type ServerConfig } from "../../public-server/config";
import { upsertUser } from "../../public-server/commands/users";
import type { DomainHook } from "../../public-server/context";
import { Client } from "./client";
import { fakeGarden } from "./fakeGarden";

import { ROOT } from "./paths";

export { ROOT, SAMPLE_DATA } from "./paths";

export interface TestServer {
  url: string;
  dataDir: string;
  config: ServerConfig;
  parts: ServerParts;
  /** Makes an account directly in the database. */
  createUser(username: string, password: string, role?: "admin" | "user"): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the real Koa server on 127.0.0.1 and a random port, with a fresh
 * SQLite file in a temporary folder. Stop it in afterAll; it also stops when
 * the test process exits.
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}, hooks: DomainHook[] = []): Promise<TestServer> {
  // An explicit dataDir (a restart on the same database) is kept on stop; a fresh one is removed.
  const keepDataDir = overrides.dataDir !== undefined;
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "garden-test-"));
  if (!fs.existsSync(path.join(dataDir, "site.json"))) fs.copyFileSync(path.join(ROOT, "data/site.json"), path.join(dataDir, "site.json"));
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    { host: "127.0.0.1", port: 0, webDir: path.join(ROOT, "dist/web"), submissionsPerHour: 10_000, refusedSubmissionsPerHour: 10_000, ...overrides },
  );
  const parts = await createServer(config, hooks);
  const server: Server = await new Promise((resolve) => {
    const s = parts.app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await parts.close();
    if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    config,
    parts,
    createUser: async (username, password, role = "admin") => {
      await upsertUser(parts.services.db, username, password, role);
    },
    stop,
  };
}

/**
 * A test server whose garden holds `count` fictional approved flowers (fakeGarden with `seed`),
 * uploaded by an administrator through the bulk upload, as a volunteer would.
 */
export async function startGardenServer(count: number, seed: number): Promise<TestServer> {
  const server = await startTestServer();
  await server.createUser("gardener", "a long admin password", "admin");
  const admin = new Client(server.url);
  await admin.login("gardener", "a long admin password");
  const upload = await admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers: fakeGarden(count, seed) });
  if (upload.status !== 200) throw new Error(`the garden's upload answered ${upload.status}: ${await upload.text()}`);
  return server;
}
