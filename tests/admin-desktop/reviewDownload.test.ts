/**
 * "Download for review" and the re-check of one decision fetch what waits for
 * review, never the garden: the desktop's main-process modules against the real
 * server holding thousands of approved flowers, with every byte the desktop
 * receives counted at its fetch.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLOWER_TYPES } from "../../shared/flowers";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client } from "../support/client";
import { DesktopService } from "../../admin-desktop/main/service";
import { seedComment, seedTestimonial, tempDir, testEncryptor } from "./support";

const GARDEN = Number(process.env.REVIEW_GARDEN_SIZE ?? 5_000);
/** More than one page of pending flowers (the server's pages hold at most 100). */
const PENDING_FLOWERS = 150;

let server: TestServer;
let admin: Client;
let pendingFlowerIds: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser("volunteer", "correct horse battery");
  admin = new Client(server.url);
  await admin.login("volunteer", "correct horse battery");
  for (let start = 0; start < GARDEN; start += 10_000) {
    const flowers = Array.from({ length: Math.min(10_000, GARDEN - start) }, (_, i) => {
      const n = start + i;
      return { babyFirstName: `Baby${n}`, babyLastName: `Family${n % 977}`, lossDate: null, flowerType: FLOWER_TYPES[n % FLOWER_TYPES.length] };
    });
    const res = await admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers });
    expect(res.status).toBe(200);
  }
  // Some of the garden waits for review again (as submissions would), with a parent's email each.
  pendingFlowerIds = await server.parts.services.db.run(async (m) => {
    await m.query(
      `UPDATE memorial_flowers SET approved = 0, email = 'parent' || id || '@example.org', parent_name = 'Parent ' || id
       WHERE id IN (SELECT id FROM memorial_flowers ORDER BY id LIMIT ?)`,
      [PENDING_FLOWERS],
    );
    return ((await m.query(`SELECT id FROM memorial_flowers WHERE approved = 0 ORDER BY id`)) as { id: number }[]).map((r) => r.id);
  });
}, 600_000);
afterAll(() => server?.stop());

interface Received {
  method: string;
  path: string;
  bytes: number;
}

/** The real fetch, recording every answer's body size (after decompression: what the desktop holds). */
function countingFetch(received: Received[], answer?: (path: string, method: string) => Response | null): typeof fetch {
  return (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const url = new URL(String(input));
    const method = init?.method ?? "GET";
    const res = await fetch(input, init);
    const bytes = (await res.clone().arrayBuffer()).byteLength;
    received.push({ method, path: url.pathname + url.search, bytes });
    return answer?.(url.pathname, method) ?? res;
  }) as typeof fetch;
}

async function signedIn(fetchFn: typeof fetch): Promise<DesktopService> {
  const service = new DesktopService({ dataDir: tempDir(), encryptor: testEncryptor(), platform: "linux", fetch: fetchFn, sync: { backoffMs: 1 } });
  expect(await service.signIn({ serverUrl: server.url, username: "volunteer", password: "correct horse battery", remember: false })).toMatchObject({
    ok: true,
  });
  return service;
}

const total = (list: Received[]) => list.reduce((sum, r) => sum + r.bytes, 0);

describe(`review at ${GARDEN.toLocaleString("en")} approved flowers`, () => {
  it("downloads only what waits for review, page by page: bytes bounded by the pending items, not the garden", async () => {
    const t = await seedTestimonial(admin, "Paged Ruth");
    const c = await seedComment(admin, "Paged Friend");
    const received: Received[] = [];
    const service = await signedIn(countingFetch(received));
    received.length = 0;

    const started = performance.now();
    const view = await service.downloadForReview();
    const ms = performance.now() - started;
    expect(view.ok).toBe(true);
    if (!view.ok) return;
    const bytes = total(received);
    console.log(`review download at ${GARDEN} flowers: ${received.length} requests, ${(bytes / 1024).toFixed(1)} KB, ${ms.toFixed(0)} ms`);

    // Everything waiting is there, and nothing else.
    const flowers = view.value.items.filter((e) => e.kind === "flower").map((e) => e.item.id);
    expect(flowers.sort((a, b) => a - b)).toEqual(pendingFlowerIds);
    expect(view.value.items.map((e) => `${e.kind}:${e.item.id}`)).toEqual(expect.arrayContaining([`testimonial:${t}`, `comment:${c}`]));
    expect(view.value.items.every((e) => !e.item.approved)).toBe(true);
    expect(view.value.notDownloaded).toBeUndefined();
    expect(JSON.stringify(view.value)).not.toContain("@example.org");
    // The pending lists, a page at a time, and nothing of the garden.
    expect(received.every((r) => r.method === "GET" && r.path.includes("status=pending"))).toBe(true);
    expect(received.filter((r) => r.path.startsWith("/api/admin/memorial-flowers?"))).toHaveLength(2);
    expect(bytes).toBeLessThan(100 * 1024);
  });

  it("re-checks an interrupted decision by fetching that one item", async () => {
    const id = pendingFlowerIds[0]!;
    const received: Received[] = [];
    let lose = true;
    // The approval reaches the server; a proxy then loses its answer (502), so the outcome is unknown.
    const service = await signedIn(
      countingFetch(received, (path, method) => {
        if (lose && method === "POST" && path === `/api/admin/memorial-flowers/${id}/approve`) {
          lose = false;
          return new Response("Bad Gateway", { status: 502 });
        }
        return null;
      }),
    );
    const view = await service.downloadForReview();
    const entry = view.ok ? view.value.items.find((e) => e.kind === "flower" && e.item.id === id) : undefined;
    expect(service.decide({ kind: "flower", itemId: id, version: entry!.item.version, action: "approve" }).ok).toBe(true);
    received.length = 0;

    expect(await service.syncNow()).toEqual({ ok: true, value: { applied: 1, conflicts: 0, failed: 0 } });
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /api/admin/memorial-flowers/${id}/approve`, `GET /api/admin/memorial-flowers/${id}`]);
    expect(received[1]!.bytes).toBeLessThan(2 * 1024);
    expect(service.getReview()).toMatchObject({ ok: true, value: { queue: [{ itemId: id, state: "applied", outcome: "already_applied" }] } });
  });

  it("reads at most 20 pages of a kind, and says how many items stayed on the server", async () => {
    const waiting = await server.parts.services.db.run(async (m) => {
      await m.query(`UPDATE memorial_flowers SET approved = 0 WHERE id IN (SELECT id FROM memorial_flowers WHERE approved = 1 ORDER BY id LIMIT 2000)`);
      return ((await m.query(`SELECT count(*) AS n FROM memorial_flowers WHERE approved = 0`)) as [{ n: number }])[0].n;
    });
    const received: Received[] = [];
    const service = await signedIn(countingFetch(received));
    received.length = 0;
    const view = await service.downloadForReview();
    expect(view.ok && view.value.items.filter((e) => e.kind === "flower")).toHaveLength(2000);
    expect(view.ok && view.value.notDownloaded).toBe(waiting - 2000);
    expect(received.filter((r) => r.path.startsWith("/api/admin/memorial-flowers?"))).toHaveLength(20);
  });
});
