import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { adminItems, Client, json } from "../support/client";
import { assistanceInput, errorBody, liveFlower, signedIn, sql, submitFlower, testimonialInput, USER } from "./fixtures";

/** The team's tools beyond assistance requests with a handled mark, and the activity log. */

let server: TestServer;
let admin: Client;
let user: Client;
let visitor: Client;

beforeAll(async () => {
  server = await startTestServer({ adminImportKey: "tools-key", expectedImportCount: 2 });
  admin = await signedIn(server);
  user = await signedIn(server, USER, "user");
  visitor = new Client(server.url);
});
afterAll(() => server.stop());

interface Activity {
  id: number;
  at: string;
  actor: string;
  action: string;
  kind: string;
  itemId: number | null;
  summary: string;
}

/** The first page of the log (newest first), and how many lines it has in all. */
const activityPage = async (pageSize = 100) => json<{ items: Activity[]; total: number }>(await admin.get(`/api/admin/activity?page=1&pageSize=${pageSize}`));
const activity = async (pageSize?: number) => (await activityPage(pageSize)).items;
const latest = async () => (await activity(1))[0]!;

async function submitAssistance(overrides: Record<string, unknown> = {}) {
  const input = assistanceInput(overrides);
  expect((await visitor.post("/api/assistance-requests", input)).status).toBe(201);
  const [row] = sql<{ id: number }>(server, "SELECT id FROM assistance_requests WHERE first_name = ?", input.firstName);
  return { id: row!.id, input };
}

describe("GET /api/admin/assistance-requests", () => {
  it("lists every request newest first with all its details, not yet handled", async () => {
    const a = await submitAssistance();
    const b = await submitAssistance({ comments: "We lost our baby last week. Please call in the evening." });
    const res = await admin.get("/api/admin/assistance-requests?page=1&pageSize=100");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const list = (await json<{ items: any[] }>(res)).items;
    const ids = list.map((r) => r.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(list.find((r) => r.id === b.id)).toEqual({
      id: b.id,
      firstName: b.input.firstName,
      lastName: "Example",
      email: b.input.email,
      phoneNumber: "555-0100",
      comments: "We lost our baby last week. Please call in the evening.",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      handled: false,
      handledAt: null,
      handledBy: null,
    });
  });

  it("answers 401 signed out and 403 to a plain user", async () => {
    expect((await visitor.get("/api/admin/assistance-requests?page=1")).status).toBe(401);
    const res = await user.get("/api/admin/assistance-requests?page=1");
    expect(res.status).toBe(403);
    expect((await errorBody(res)).error).toBe("forbidden");
  });
});

describe("POST /api/admin/assistance-requests/:id/handled", () => {
  it("records who handled it and when, can be undone, and logs it without the requester's name or email", async () => {
    const { id, input } = await submitAssistance();
    const before = Date.now();
    const res = await admin.post(`/api/admin/assistance-requests/${id}/handled`, { handled: true });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ id, handled: true, handledBy: "admin" });
    expect(Date.parse(body.handledAt)).toBeGreaterThanOrEqual(before - 1000);
    const listed = (await adminItems<any>(admin, "/api/admin/assistance-requests")).find((r) => r.id === id);
    expect(listed).toMatchObject({ handled: true, handledBy: "admin", handledAt: body.handledAt });

    const log = await latest();
    expect(log).toMatchObject({ actor: "admin", action: "handled", kind: "assistance", itemId: id, summary: `Assistance request #${id} marked as handled` });
    expect(JSON.stringify(log)).not.toContain(input.firstName);
    expect(JSON.stringify(log)).not.toContain(input.email);

    const undone = await json(await admin.post(`/api/admin/assistance-requests/${id}/handled`, { handled: false }));
    expect(undone).toMatchObject({ id, handled: false, handledAt: null, handledBy: null });
    expect((await latest()).summary).toBe(`Assistance request #${id} marked as not handled`);
  });

  it("answers 400 without a boolean, 404 for a missing request, 401 and 403 before changing anything", async () => {
    const { id } = await submitAssistance();
    for (const body of [{}, { handled: "yes" }, { handled: 1 }]) {
      const res = await admin.post(`/api/admin/assistance-requests/${id}/handled`, body);
      expect(res.status).toBe(400);
      expect((await errorBody(res)).message).toBe("handled must be true or false");
    }
    const missing = await admin.post("/api/admin/assistance-requests/999999/handled", { handled: true });
    expect(missing.status).toBe(404);
    expect((await errorBody(missing)).message).toBe("This assistance request no longer exists.");
    expect((await visitor.post(`/api/admin/assistance-requests/${id}/handled`, { handled: true })).status).toBe(401);
    expect((await user.post(`/api/admin/assistance-requests/${id}/handled`, { handled: true })).status).toBe(403);
    expect(sql(server, "SELECT handled_at, handled_by FROM assistance_requests WHERE id = ?", id)[0]).toEqual({ handled_at: null, handled_by: null });
  });
});

describe("GET /api/admin/activity", () => {
  it("logs approve, decline, remove, edit and each import, newest first, without emails or parents' names", async () => {
    const pendingFlower = await submitFlower(server, { babyFirstName: "Declina", babyLastName: "Doe", parentName: "Secret Parent" });
    const live = await liveFlower(server, admin, { babyFirstName: "Approva", babyLastName: "Roe", parentName: "Hidden Parent" });
    expect((await admin.put(`/api/admin/memorial-flowers/${live.id}`, { babyFirstName: "Edita", babyLastName: "Roe", flowerType: "lily" })).status).toBe(200);
    expect((await admin.delete(`/api/admin/memorial-flowers/${pendingFlower.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/memorial-flowers/${live.id}`)).status).toBe(200);

    const t = testimonialInput({ childName: "Michael" });
    await visitor.post("/api/testimonials", t);
    const tid = sql<{ id: number }>(server, "SELECT id FROM testimonials WHERE first_name = ?", t.firstName)[0]!.id;
    expect((await admin.post(`/api/admin/testimonials/${tid}/approve`)).status).toBe(200);

    const entry = { babyFirstName: "Bulk", babyLastName: "", lossDate: "", flowerType: "tulip" };
    expect((await admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers: [entry, entry] })).status).toBe(200);

    // Visitors' submissions are not administrator actions: only these six are logged.
    const log = await activity(6);
    expect(log.map((l) => [l.action, l.kind, l.itemId])).toEqual([
      ["imported", "flower", null],
      ["approved", "testimonial", tid],
      ["removed", "flower", live.id],
      ["declined", "flower", pendingFlower.id],
      ["edited", "flower", live.id],
      ["approved", "flower", live.id],
    ]);
    expect(log[0]!.summary).toBe("Bulk upload: 2 memorial flowers");
    expect(log[1]!.summary).toBe(`Testimonial by ${t.firstName} E.`);
    expect(log[2]!.summary).toBe("Memorial flower for Edita R.");
    expect(log[3]!.summary).toBe("Memorial flower for Declina D.");
    expect(log[4]!.summary).toBe("Memorial flower for Edita R.");
    expect(log[5]!.summary).toBe("Memorial flower for Approva R.");
    for (const l of log) {
      expect(l.actor).toBe("admin");
      expect(Date.parse(l.at)).not.toBeNaN();
      expect(l.summary).not.toMatch(/@|Secret Parent|Hidden Parent|Parent Person/);
    }
    const ids = log.map((l) => l.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it("logs a reset-and-import with its backup file, and a bulk update", async () => {
    const res = await admin.post("/api/admin/memorial-flowers/reset-and-import", {
      adminKey: "tools-key",
      csvData: [
        { "First Name": "Ava", "Middle Name": "", "Last Name": "B.", "Date of Loss": "", "Flower Type": "Lily" },
        { "First Name": "Ben", "Middle Name": "", "Last Name": "", "Date of Loss": "2020", "Flower Type": "Forget Me Not" },
      ],
    });
    expect(res.status).toBe(200);
    expect((await latest()).summary).toMatch(/^Reset and import: 2 memorial flowers \(backup garden-before-import-.*\.sqlite\)$/);
    const [flower] = sql<{ id: number }>(server, "SELECT id FROM memorial_flowers LIMIT 1");
    expect(
      (await admin.put("/api/admin/memorial-flowers/bulk-update", { flowers: [{ id: flower!.id, babyFirstName: "Cara", flowerType: "lily" }] })).status,
    ).toBe(200);
    expect(await latest()).toMatchObject({ action: "imported", summary: "Bulk update: 1 memorial flower" });
  });

  it("writes nothing when the change fails (same transaction)", async () => {
    const before = (await activityPage()).total;
    const flower = await submitFlower(server);
    expect((await admin.delete(`/api/admin/memorial-flowers/${flower.id}`, { "If-Match": '"7"' })).status).toBe(412);
    expect((await admin.put("/api/admin/memorial-flowers/bulk-update", { flowers: [{ id: 999999, babyFirstName: "X", flowerType: "lily" }] })).status).toBe(
      400,
    );
    expect((await activityPage()).total).toBe(before);
  });

  it("honours pageSize (default 20), answers 400 to a bad one, 401 and 403", async () => {
    for (let i = 0; i < 3; i++) await admin.post(`/api/admin/memorial-flowers/${(await submitFlower(server)).id}/approve`);
    expect(await activity(2)).toHaveLength(2);
    const first = await json<{ items: Activity[]; pageSize: number }>(await admin.get("/api/admin/activity?page=1"));
    expect(first.pageSize).toBe(20);
    expect(first.items.length).toBeGreaterThan(2);
    expect(first.items.length).toBeLessThanOrEqual(20);
    for (const bad of ["0", "101", "abc", "2.5"]) {
      const res = await admin.get(`/api/admin/activity?page=1&pageSize=${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await errorBody(res)).message, bad).toMatch(/pageSize|100/);
    }
    expect((await visitor.get("/api/admin/activity?page=1")).status).toBe(401);
    expect((await user.get("/api/admin/activity?page=1")).status).toBe(403);
  });
});
