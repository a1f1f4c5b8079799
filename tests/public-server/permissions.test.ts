import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { adminRouters } from "../../public-server/api/admin";
import { assistanceInput, count, errorBody, failedOutboxMessage, liveFlower, signedIn, sql, submitFlower, testimonialInput, USER } from "./fixtures";

/**
 * The permission matrix: every route mounted under /api/admin (read from the
 * routers themselves, so a route added later is walked too), signed out
 * (401), as role user (403) and as admin (2xx with a sensible body).
 */

let server: TestServer;
let admin: Client;
let user: Client;
let visitor: Client;

beforeAll(async () => {
  server = await startTestServer({ adminImportKey: "matrix-key", expectedImportCount: 2 });
  admin = await signedIn(server);
  user = await signedIn(server, USER, "user");
  visitor = new Client(server.url);
});
afterAll(() => server.stop());

interface Call {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Checks the admin's answer beyond its 2xx status. */
  check?(body: any): void | Promise<void>;
}

const testimonialId = async () => {
  const input = testimonialInput();
  await visitor.post("/api/testimonials", input);
  return sql<{ id: number }>(server, "SELECT id FROM testimonials WHERE first_name = ?", input.firstName)[0]!.id;
};
const commentId = async () => {
  const flower = await liveFlower(server, admin);
  const [entry] = await json<{ id: number }[]>(await visitor.get("/api/comment-library"));
  await visitor.post(`/api/memorial-flowers/${flower.id}/comments`, { commenterName: "Matrix", commentLibraryId: entry!.id });
  return sql<{ id: number }>(server, "SELECT id FROM memorial_comments WHERE memorial_flower_id = ?", flower.id)[0]!.id;
};
/** An admin list answers one page: its items, each with its id, and the count of all. */
const isPage = (body: unknown) => {
  const page = body as { items: { id: unknown }[]; total: unknown };
  expect(Array.isArray(page.items)).toBe(true);
  expect(page.total).toEqual(expect.any(Number));
  for (const item of page.items) expect(item.id).toEqual(expect.any(Number));
};
const entry = { babyFirstName: "Matrix", babyMiddleName: "", babyLastName: "M.", lossDate: "", flowerType: "tulip" };

/** How to make one valid admin call of each known route; ids are fresh for every call. */
const RECIPES: Record<string, () => Promise<Call>> = {
  "GET /testimonials": async () => ({ path: "/testimonials?status=pending", check: isPage }),
  "GET /memorial-flowers": async () => ({ path: "/memorial-flowers?status=pending", check: isPage }),
  "GET /memorial-comments": async () => ({ path: "/memorial-comments?status=pending", check: isPage }),
  "POST /testimonials/:id/approve": async () => ({
    path: `/testimonials/${await testimonialId()}/approve`,
    check: (b) => expect(b).toMatchObject({ approved: true, version: 2 }),
  }),
  "POST /memorial-flowers/:id/approve": async () => ({
    path: `/memorial-flowers/${(await submitFlower(server)).id}/approve`,
    check: (b) => expect(b).toMatchObject({ approved: true, version: 2 }),
  }),
  "POST /memorial-comments/:id/approve": async () => ({
    path: `/memorial-comments/${await commentId()}/approve`,
    check: (b) => expect(b).toMatchObject({ approved: true, version: 2 }),
  }),
  "DELETE /testimonials/:id": async () => ({ path: `/testimonials/${await testimonialId()}`, check: (b) => expect(b.message).toBe("Testimonial Deleted") }),
  "DELETE /memorial-flowers/:id": async () => ({
    path: `/memorial-flowers/${(await submitFlower(server)).id}`,
    check: (b) => expect(b.message).toBe("Memorial Flower Deleted"),
  }),
  "DELETE /memorial-comments/:id": async () => ({
    path: `/memorial-comments/${await commentId()}`,
    check: (b) => expect(b.message).toBe("Memorial Comment Deleted"),
  }),
  "PUT /memorial-flowers/:id": async () => ({
    path: `/memorial-flowers/${(await submitFlower(server)).id}`,
    body: entry,
    check: (b) => expect(b).toMatchObject({ babyFirstName: "Matrix", version: 2 }),
  }),
  "POST /memorial-flowers/bulk-upload": async () => ({
    path: "/memorial-flowers/bulk-upload",
    body: { flowers: [entry] },
    check: (b) => expect(b.count).toBe(1),
  }),
  "PUT /memorial-flowers/bulk-update": async () => ({
    path: "/memorial-flowers/bulk-update",
    body: { flowers: [{ ...entry, id: (await submitFlower(server)).id }] },
    check: (b) => expect(b.count).toBe(1),
  }),
  "POST /memorial-flowers/reset-and-import": async () => ({
    path: "/memorial-flowers/reset-and-import",
    body: {
      adminKey: "matrix-key",
      csvData: [
        { "First Name": "Ava", "Middle Name": "", "Last Name": "B.", "Date of Loss": "", "Flower Type": "Lily" },
        { "First Name": "Ben", "Middle Name": "", "Last Name": "", "Date of Loss": "2020", "Flower Type": "Forget Me Not" },
      ],
    },
    check: (b) => expect(b).toMatchObject({ success: true, importedCount: 2 }),
  }),
  // Added for the desktop app's re-check of one decision.
  "GET /testimonials/:id": async () => {
    const id = await testimonialId();
    return { path: `/testimonials/${id}`, check: (b) => expect(b).toMatchObject({ id, version: 1, approved: false }) };
  },
  "GET /memorial-flowers/:id": async () => {
    const { id } = await submitFlower(server);
    return { path: `/memorial-flowers/${id}`, check: (b) => expect(b).toMatchObject({ id, version: 1, approved: false }) };
  },
  "GET /memorial-comments/:id": async () => {
    const id = await commentId();
    return { path: `/memorial-comments/${id}`, check: (b) => expect(b).toMatchObject({ id, version: 1, approved: false }) };
  },
  // Added with the email outbox, the assistance-requests tab and the activity log.
  "GET /mailing-list.csv": async () => ({ path: "/mailing-list.csv", check: (text) => expect(String(text)).toMatch(/^\uFEFF?Name,Email/) }),
  "GET /outbox": async () => ({ path: "/outbox", check: (b) => expect(Array.isArray(b)).toBe(true) }),
  "POST /outbox/:id/retry": async () => {
    const id = failedOutboxMessage(server);
    return { path: `/outbox/${id}/retry`, check: (b) => expect(b.id).toBe(id) };
  },
  "GET /assistance-requests": async () => ({ path: "/assistance-requests?page=1", check: isPage }),
  "POST /assistance-requests/:id/handled": async () => {
    const input = assistanceInput();
    await visitor.post("/api/assistance-requests", input);
    const [row] = sql<{ id: number }>(server, "SELECT id FROM assistance_requests WHERE email = ?", input.email);
    return { path: `/assistance-requests/${row!.id}/handled`, body: { handled: true }, check: (b) => expect(b.id).toBe(row!.id) };
  },
  "GET /activity": async () => ({ path: "/activity?page=1", check: isPage }),
};

/** Every admin route as "METHOD /path", read from the registered routers. */
function adminRoutes(): string[] {
  const routes = new Set<string>();
  for (const make of adminRouters) {
    for (const layer of make(server.parts.services).stack) {
      for (const method of layer.methods) if (method !== "HEAD") routes.add(`${method} ${layer.path}`);
    }
  }
  return [...routes];
}

/** A fallback for a route this file has no recipe for: parameters become a real-looking id. */
async function fallback(route: string): Promise<Call> {
  const path = route.split(" ")[1]!.replace(/:[A-Za-z]+/g, "1");
  return { path, body: {} };
}

describe("permission matrix over every /api/admin route", () => {
  it("enumerates at least the thirteen administrator calls", () => {
    const routes = adminRoutes();
    for (const known of Object.keys(RECIPES).slice(0, 13)) expect(routes).toContain(known);
    for (const byId of ["GET /testimonials/:id", "GET /memorial-flowers/:id", "GET /memorial-comments/:id"]) expect(routes).toContain(byId);
  });

  it("answers 401 signed out, 403 to role user, and 2xx with a valid body to an admin", async () => {
    const routes = adminRoutes();
    const weak: string[] = [];
    for (const route of routes) {
      const [method] = route.split(" ") as [string];
      const recipe = RECIPES[route];
      const call = recipe ? await recipe() : await fallback(route);
      const send = (c: Client) =>
        c.request(method, `/api/admin${call.path}`, method === "GET" || method === "DELETE" ? undefined : (call.body ?? {}), call.headers);

      const out = await send(visitor);
      expect(out.status, `${route} signed out`).toBe(401);
      expect((await errorBody(out)).error).toBe("authentication_required");
      const forbidden = await send(user);
      expect(forbidden.status, `${route} as user`).toBe(403);
      expect((await errorBody(forbidden)).message).toBe("This area is restricted to administrators only.");

      const res = await send(admin);
      if (recipe || method === "GET") {
        expect(res.status, `${route} as admin: ${await res.clone().text()}`).toBeGreaterThanOrEqual(200);
        expect(res.status, route).toBeLessThan(300);
        const isJson = /json/.test(res.headers.get("content-type") ?? "");
        const body = isJson ? await json(res) : await res.text();
        await call.check?.(body);
      } else {
        // A route added after this file was written: without a recipe we can only
        // show the admin passes the gate and gets a JSON answer that is not a server error.
        expect([401, 403], route).not.toContain(res.status);
        expect(res.status, route).toBeLessThan(500);
        if (res.status >= 300) await errorBody(res);
        weak.push(route);
      }
    }
    if (weak.length) console.warn(`permission matrix: no recipe (2xx not proven) for ${weak.join(", ")}`);
  });

  it("refuses before doing anything: a user's valid delete leaves the item", async () => {
    const flower = await submitFlower(server);
    expect((await user.delete(`/api/admin/memorial-flowers/${flower.id}`)).status).toBe(403);
    expect((await visitor.delete(`/api/admin/memorial-flowers/${flower.id}`)).status).toBe(401);
    expect(count(server, "memorial_flowers", `id = ${flower.id}`)).toBe(1);
  });

  it("GET /api/user answers 401 signed out and the user (username, role) signed in", async () => {
    const out = await visitor.get("/api/user");
    expect(out.status).toBe(401);
    await errorBody(out);
    expect(await json(await user.get("/api/user"))).toEqual({ id: expect.any(Number), username: USER.username, role: "user" });
    expect(await json(await admin.get("/api/user"))).toMatchObject({ username: "admin", role: "admin" });
  });
});
