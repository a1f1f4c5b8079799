import { afterAll, describe, expect, it } from "vitest";
import { spawnServer, type SpawnedServer } from "./spawn";

/**
 * A registration flood: password hashing is slow on purpose (scrypt, a fifth
 * of a second and 16 MiB each), so it must never hold up other visitors. The server runs as its own
 * process; while 40 sign-ups hash, a static file and the garden list are timed.
 */

const procs: SpawnedServer[] = [];
afterAll(async () => {
  for (const p of procs) await p.cleanup();
});

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

describe("registration flood", () => {
  it("40 parallel sign-ups (from 40 addresses) leave the static files and the garden list fast", { timeout: 300_000 }, async () => {
    const proc = await spawnServer({ REGISTRATION_OPEN: "true", TRUST_PROXY: "1", REGISTRATIONS_PER_HOUR: "100", LOG_LEVEL: "info" });
    procs.push(proc);
    const get = async (path: string) => {
      const t = performance.now();
      const res = await fetch(proc.url + path);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      return performance.now() - t;
    };
    await get("/favicon.svg");
    await get("/api/memorial-flowers");

    let done = false;
    const signUps = Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${proc.url}/api/register`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${i + 1}` },
          body: JSON.stringify({ username: `flood${i}`, password: `a long enough password ${i}` }),
        }).then((r) => r.status),
      ),
    ).finally(() => (done = true));

    const staticMs: number[] = [];
    const listMs: number[] = [];
    const started = performance.now();
    while (!done) {
      staticMs.push(await get("/favicon.svg"));
      listMs.push(await get("/api/memorial-flowers"));
      await new Promise((r) => setTimeout(r, 20));
    }
    const statuses = await signUps;
    const floodMs = performance.now() - started;
    const fmt = (v: number[]) =>
      `p50 ${percentile(v, 50).toFixed(0)} ms, p95 ${percentile(v, 95).toFixed(0)} ms, max ${Math.max(...v).toFixed(0)} ms (${v.length} requests)`;
    console.log(`registration flood: 40 sign-ups took ${(floodMs / 1000).toFixed(1)} s; static file ${fmt(staticMs)}; garden list ${fmt(listMs)}`);
    expect(statuses.filter((s) => s === 201)).toHaveLength(40);
    expect(Math.max(...staticMs)).toBeLessThan(500);
    expect(Math.max(...listMs)).toBeLessThan(500);
  });

  it("limits sign-ups per address: past REGISTRATIONS_PER_HOUR, 429 with a sentence", { timeout: 120_000 }, async () => {
    const proc = await spawnServer({ REGISTRATION_OPEN: "true", REGISTRATIONS_PER_HOUR: "3", LOG_LEVEL: "info" });
    procs.push(proc);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${proc.url}/api/register`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ username: `same${i}`, password: `a long enough password ${i}` }),
        }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    console.log(`registration limit: 10 parallel sign-ups from one address → ${statuses.join(", ")}`);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const refused = answers.find((r) => r.status === 429)!;
    expect(((await refused.json()) as { message: string }).message).toMatch(/sign-ups from your connection/);
  });
});
