/** Helpers for the desktop app's tests: a real-encryption stand-in for safeStorage, and seeding the real server. */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { adminItems, Client, json } from "../support/client";
import { freePort } from "../support/freePort";
import type { TestServer } from "../support/testServer";
import type { Encryptor } from "../../admin-desktop/main/session";
import type { CsvEntries } from "../../admin-desktop/ipc";
import { readCsvText } from "../../shared/csv";
import type { StrictRow } from "../../shared/csv/strict";

/** AES-256-GCM with a given key: behaves like safeStorage on a system with a keyring. */
export function testEncryptor(options: { key?: Buffer; available?: boolean; backend?: string } = {}): Encryptor {
  const key = options.key ?? crypto.randomBytes(32);
  return {
    isEncryptionAvailable: () => options.available ?? true,
    getSelectedStorageBackend: () => options.backend ?? "gnome_libsecret",
    encryptString(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(sealed) {
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}

export function tempDir(prefix = "garden-desktop-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Ends every session on the server, as expiry or a revocation would: no API ends other people's sessions at once. */
export async function endEverySession(server: TestServer): Promise<void> {
  await server.parts.services.sessions.endAll();
}

let seq = 0;

/** Submits a pending testimonial through the public API; answers its id (found through the admin list). */
export async function seedTestimonial(admin: Client, firstName = `Anna${++seq}`): Promise<number> {
  const visitor = new Client(admin.baseUrl);
  const res = await visitor.post("/api/testimonials", { firstName, lastName: "Karlsson", testimonial: `Our little one was loved (${firstName}).` });
  if (res.status !== 201) throw new Error(`seed testimonial: ${res.status} ${await res.text()}`);
  const list = await adminItems<{ id: number; firstName: string }>(admin, "/api/admin/testimonials");
  return list.find((t) => t.firstName === firstName)!.id;
}

/** Submits a pending flower; answers its id. */
export async function seedFlower(admin: Client, babyFirstName = `Hope${++seq}`): Promise<number> {
  const visitor = new Client(admin.baseUrl);
  const res = await visitor.post("/api/memorial-flowers", {
    parentName: "Parent Example",
    email: "parent@example.org",
    babyFirstName,
    babyLastName: "S",
    flowerType: "lily",
  });
  if (res.status !== 201) throw new Error(`seed flower: ${res.status} ${await res.text()}`);
  const list = await adminItems<{ id: number; babyFirstName: string }>(admin, "/api/admin/memorial-flowers");
  return list.find((f) => f.babyFirstName === babyFirstName)!.id;
}

/** A pending comment on a (newly approved) flower; answers the comment's id. */
export async function seedComment(admin: Client, commenterName = `Friend${++seq}`): Promise<number> {
  const flowerId = await seedFlower(admin);
  const approved = await admin.post(`/api/admin/memorial-flowers/${flowerId}/approve`);
  if (approved.status !== 200) throw new Error(`approve flower: ${approved.status}`);
  const library = await json<{ id: number }[]>(await admin.get("/api/comment-library"));
  const visitor = new Client(admin.baseUrl);
  const res = await visitor.post(`/api/memorial-flowers/${flowerId}/comments`, { commenterName, commentLibraryId: library[0]!.id });
  if (res.status !== 201) throw new Error(`seed comment: ${res.status} ${await res.text()}`);
  const list = await adminItems<{ id: number; commenterName: string }>(admin, "/api/admin/memorial-comments");
  return list.find((c) => c.commenterName === commenterName)!.id;
}

/**
 * A fetch that can be switched "offline", otherwise the real one. Offline, the
 * request really goes to a closed port on this computer, so it fails exactly as
 * a stopped server does (TypeError "fetch failed", cause ECONNREFUSED).
 */
export function switchableFetch(): { fetch: typeof fetch; offline: boolean } {
  const state: { fetch: typeof fetch; offline: boolean } = { offline: false, fetch };
  state.fetch = (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    if (!state.offline) return fetch(input, init);
    const url = new URL(String(input));
    url.port = String(await closedPort());
    return fetch(url, init);
  }) as typeof fetch;
  return state;
}

let closed: Promise<number> | null = null;

/** A loopback port nothing listens on, the same one for the whole file. */
function closedPort(): Promise<number> {
  closed ??= freePort();
  return closed;
}

/** What the window sends main for CSV text: the rows its reader (the shared one, run in its worker) kept. */
export function rowsRead(text: string): CsvEntries {
  const read = readCsvText(text, { reader: "flexible" });
  if (!read.ok || read.reader !== "flexible") throw new Error("not read as a bulk file");
  return { entries: read.entries, skipped: read.rowCount - read.validCount };
}

/** What the window sends main for a reset-and-import it found valid: the strict reader's rows. */
export function strictRowsRead(text: string, expectedCount: number): StrictRow[] {
  const read = readCsvText(text, { reader: "strict", expectedCount });
  if (!read.ok || read.reader !== "strict" || !read.rows) throw new Error("not a valid reset-and-import file");
  return read.rows;
}
