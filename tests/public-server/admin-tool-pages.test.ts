import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminPage } from "../../shared/schemas/admin";
import type { ActivityDto, AdminAssistanceDto, AdminAssistancePage } from "../../shared/schemas/adminTools";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { assistanceInput, errorBody, signedIn, sql } from "./fixtures";

/**
 * The Assistance Requests and Activity lists, paged on the server as the
 * moderation lists are (?page=&pageSize=, { items, total, page, pageSize }):
 * every row once, newest first, the counts right, bad paging refused with a
 * sentence; without ?page=, a 400 that says how to ask.
 */

const ASSISTANCE = "/api/admin/assistance-requests";
const ACTIVITY = "/api/admin/activity";
const REQUESTS = 47;
const ACTIONS = 130;

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server);
  const visitor = new Client(server.url);
  for (let i = 0; i < REQUESTS; i++) expect((await visitor.post("/api/assistance-requests", assistanceInput({ firstName: `Asker${i}` }))).status).toBe(201);
  // Every seventh request handled, through the admin's own action (each one also a line of the log).
  const ids = sql<{ id: number }>(server, "SELECT id FROM assistance_requests ORDER BY id").map((r) => r.id);
  for (const id of ids.filter((_, i) => i % 7 === 0)) expect((await admin.post(`${ASSISTANCE}/${id}/handled`, { handled: true })).status).toBe(200);
  const logged = sql<{ n: number }>(server, "SELECT count(*) AS n FROM activity_log")[0]!.n;
  for (let i = logged; i < ACTIONS; i++) {
    sql(server, "INSERT INTO activity_log (actor, action, kind, item_id, summary) VALUES ('admin', 'approved', 'flower', ?, ?)", i, `Line ${i}`);
  }
}, 60_000);
afterAll(() => server?.stop());

async function allPages<T>(path: string, pageSize: number): Promise<{ items: T[]; pages: AdminPage<T>[] }> {
  const pages: AdminPage<T>[] = [];
  for (let page = 1; ; page++) {
    const res = await admin.get(`${path}?page=${page}&pageSize=${pageSize}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await json<AdminPage<T>>(res);
    pages.push(body);
    if (!(page * pageSize < body.total) || page > 50) break; // a bound, should the answer have no total
  }
  return { items: pages.flatMap((p) => p.items), pages };
}

describe("Assistance Requests, paged on the server", () => {
  it("answers every request once, newest first, in pages of the size asked, with the total and the count not handled", async () => {
    const expected = sql<{ id: number }>(server, "SELECT id FROM assistance_requests ORDER BY id DESC").map((r) => r.id);
    for (const pageSize of [20, 7, 100]) {
      const { items, pages } = await allPages<AdminAssistanceDto>(ASSISTANCE, pageSize);
      expect(items.map((r) => r.id)).toEqual(expected);
      for (const [i, p] of pages.entries()) {
        expect(p).toMatchObject({ total: REQUESTS, page: i + 1, pageSize, notHandled: REQUESTS - Math.ceil(REQUESTS / 7) });
        expect(p.items.length).toBe(Math.min(pageSize, REQUESTS - i * pageSize));
      }
    }
    const first = await json<AdminAssistancePage>(await admin.get(`${ASSISTANCE}?page=1`));
    expect(first.pageSize).toBe(20);
    expect(first.items[0]).toMatchObject({ firstName: `Asker${REQUESTS - 1}`, handled: false });
    expect((await json<AdminAssistancePage>(await admin.get(`${ASSISTANCE}?page=9`))).items).toEqual([]);
  });

  it("refuses paging it cannot read", async () => {
    expect((await errorBody(await admin.get(`${ASSISTANCE}?page=0`))).message).toMatch(/page/);
    expect((await errorBody(await admin.get(`${ASSISTANCE}?page=1&pageSize=5000`))).message).toMatch(/pageSize|100/);
    expect((await errorBody(await admin.get(`${ASSISTANCE}?page=two`))).message).toBe("page must be a whole number");
  });
});

describe("Activity, paged on the server", () => {
  it("answers every line once, newest first, in pages of the size asked, with the total", async () => {
    const expected = sql<{ id: number }>(server, "SELECT id FROM activity_log ORDER BY id DESC").map((r) => r.id);
    expect(expected).toHaveLength(ACTIONS);
    for (const pageSize of [20, 33, 100]) {
      const { items, pages } = await allPages<ActivityDto>(ACTIVITY, pageSize);
      expect(items.map((r) => r.id)).toEqual(expected);
      for (const [i, p] of pages.entries()) {
        expect(p).toMatchObject({ total: ACTIONS, page: i + 1, pageSize });
        expect(p.items.length).toBe(Math.min(pageSize, ACTIONS - i * pageSize));
      }
    }
    const first = await json<AdminPage<ActivityDto>>(await admin.get(`${ACTIVITY}?page=1`));
    expect(first.items[0]!.summary).toBe(`Line ${ACTIONS - 1}`);
    expect(first.items.map((a) => a.summary)).not.toContain(expect.stringContaining("@"));
  });

  it("refuses paging it cannot read", async () => {
    expect((await errorBody(await admin.get(`${ACTIVITY}?page=-1`))).message).toMatch(/page/);
    expect((await errorBody(await admin.get(`${ACTIVITY}?page=1&pageSize=101`))).message).toMatch(/pageSize|100/);
  });

  it("is for signed-in administrators only", async () => {
    expect((await new Client(server.url).get(`${ACTIVITY}?page=1`)).status).toBe(401);
    expect((await new Client(server.url).get(`${ASSISTANCE}?page=1`)).status).toBe(401);
  });
});

describe("every admin list answers one page at a time", () => {
  it("answers the old unpaged forms (every item at once) with a 400 that says how to ask", async () => {
    for (const path of ["/api/admin/testimonials", "/api/admin/memorial-flowers", "/api/admin/memorial-comments"]) {
      for (const query of ["", "?page=1", "?pageSize=100", "?q=Asker"]) {
        const res = await admin.get(`${path}${query}`);
        expect(res.status, `${path}${query}`).toBe(400);
        expect((await errorBody(res)).message).toBe("This list comes one page at a time. Please ask for ?status=pending or ?status=approved.");
      }
    }
    for (const path of [ASSISTANCE, ACTIVITY, `${ACTIVITY}?limit=5`, `${ACTIVITY}?limit=500`, `${ASSISTANCE}?pageSize=100`]) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(400);
      expect((await errorBody(res)).message).toBe("This list comes one page at a time. Please ask for ?page=1 (and the pages after it).");
    }
  });
});
