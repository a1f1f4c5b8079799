import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { adminItems, Client, json } from "../support/client";
import { assistanceInput, backdatedAssistanceRequest, liveFlower, signedIn, sql, submitFlower, testimonialInput } from "./fixtures";

/**
 * Stored times mean the same on a server in any time zone. This file runs the server in New York
 * (Node reads TZ when it changes), where reading SQLite's "YYYY-MM-DD HH:MM:SS" as local time is
 * five hours off.
 */
process.env.TZ = "America/New_York";

let server: TestServer;
let admin: Client;
// Our own folder, so the server can be restarted on the same database.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-times-"));

beforeAll(async () => {
  server = await startTestServer({ dataDir });
  admin = await signedIn(server);
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const near = (iso: string) => Math.abs(Date.parse(iso) - Date.now());

describe("times on a server outside UTC", () => {
  it("runs in a zone that is not UTC", () => {
    expect(new Date("2026-01-15T12:00:00Z").getTimezoneOffset()).toBe(300);
  });

  it("stores every time as ISO 8601 UTC and shows each admin list's times as now, not hours off", async () => {
    const visitor = new Client(server.url);
    expect((await visitor.post("/api/assistance-requests", assistanceInput())).status).toBe(201);
    expect((await visitor.post("/api/testimonials", testimonialInput())).status).toBe(201);
    const flower = await liveFlower(server, admin);
    await submitFlower(server);
    const library = await json<{ id: number }[]>(await visitor.get("/api/comment-library"));
    expect((await visitor.post(`/api/memorial-flowers/${flower.id}/comments`, { commenterName: "A friend", commentLibraryId: library[0]!.id })).status).toBe(
      201,
    );
    const edited = await admin.put(`/api/admin/memorial-flowers/${flower.id}`, {
      babyFirstName: "Edited",
      babyMiddleName: "",
      babyLastName: "K.",
      lossDate: "",
      flowerType: "pink-rose",
    });
    expect(edited.status).toBe(200);

    for (const [table, columns] of Object.entries({
      assistance_requests: ["created_at"],
      testimonials: ["created_at", "updated_at"],
      memorial_flowers: ["created_at", "updated_at"],
      memorial_comments: ["created_at", "updated_at"],
      activity_log: ["at"],
    })) {
      for (const row of sql<Record<string, string>>(server, `SELECT ${columns.join(", ")} FROM ${table}`)) {
        for (const column of columns) expect(`${table}.${column} ${row[column]}`).toMatch(new RegExp(` ${ISO_UTC.source.slice(1)}`));
      }
    }

    const requests = await adminItems<{ createdAt: string }>(admin, "/api/admin/assistance-requests");
    const flowers = await adminItems<{ createdAt: string; updatedAt: string }>(admin, "/api/admin/memorial-flowers");
    const comments = await adminItems<{ createdAt: string }>(admin, "/api/admin/memorial-comments");
    const testimonials = await adminItems<{ createdAt: string }>(admin, "/api/admin/testimonials");
    const activity = await adminItems<{ at: string }>(admin, "/api/admin/activity");
    const times = [
      ...requests.map((r) => r.createdAt),
      ...flowers.flatMap((f) => [f.createdAt, f.updatedAt]),
      ...comments.map((c) => c.createdAt),
      ...testimonials.map((t) => t.createdAt),
      ...activity.map((a) => a.at),
    ];
    expect(times.length).toBeGreaterThan(6);
    for (const time of times) expect(near(time), time).toBeLessThan(60_000);
  });

  it("rewrites rows stored in SQLite's older format at start, without shifting them", async () => {
    // A day ago (well inside the retention period), in SQLite's own "YYYY-MM-DD HH:MM:SS".
    const iso = new Date(Date.now() - 86_400_000).toISOString().replace(/\.\d{3}Z$/, ".000Z");
    const legacy = iso.replace("T", " ").replace(".000Z", "");
    backdatedAssistanceRequest(server, legacy, "Old");
    sql(server, `DELETE FROM migrations WHERE name = 'UtcTimes1732290000000'`);
    await server.stop();
    server = await startTestServer({ dataDir });
    admin = await signedIn(server);
    expect(sql(server, `SELECT created_at AS at FROM assistance_requests WHERE first_name = 'Old'`)).toEqual([{ at: iso }]);
    const requests = await adminItems<{ firstName: string; createdAt: string }>(admin, "/api/admin/assistance-requests");
    expect(requests.find((r) => r.firstName === "Old")!.createdAt).toBe(iso);
  });
});
