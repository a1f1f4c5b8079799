import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { adminItems, Client, json } from "../support/client";
import { changedBehindOurBack, count, errorBody, liveFlower, signedIn, sql, submitFlower, testimonialInput } from "./fixtures";

let server: TestServer;
let admin: Client;
let visitor: Client;
let libraryId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server);
  visitor = new Client(server.url);
  libraryId = (await json<{ id: number }[]>(await visitor.get("/api/comment-library")))[0]!.id;
});
afterAll(() => server.stop());

type Kind = "testimonials" | "memorial-flowers" | "memorial-comments";
const NOUN: Record<Kind, string> = { testimonials: "testimonial", "memorial-flowers": "memorial flower", "memorial-comments": "memorial comment" };
const TABLE: Record<Kind, string> = { testimonials: "testimonials", "memorial-flowers": "memorial_flowers", "memorial-comments": "memorial_comments" };
const PUBLIC_LIST: Record<Kind, (id: number) => string> = {
  testimonials: () => "/api/testimonials",
  "memorial-flowers": () => "/api/memorial-flowers",
  "memorial-comments": (flowerId) => `/api/memorial-flowers/${flowerId}/comments`,
};

/** A pending item of `kind` made through the public API; answers its id and the flower its list lives under. */
async function pending(kind: Kind): Promise<{ id: number; flowerId: number }> {
  if (kind === "memorial-flowers") {
    const f = await submitFlower(server);
    return { id: f.id, flowerId: f.id };
  }
  if (kind === "testimonials") {
    const input = testimonialInput();
    expect((await visitor.post("/api/testimonials", input)).status).toBe(201);
    const [row] = sql<{ id: number }>(server, "SELECT id FROM testimonials WHERE first_name = ?", input.firstName);
    return { id: row!.id, flowerId: 0 };
  }
  const flower = await liveFlower(server, admin);
  expect((await visitor.post(`/api/memorial-flowers/${flower.id}/comments`, { commenterName: "Neighbour", commentLibraryId: libraryId })).status).toBe(201);
  const [row] = sql<{ id: number }>(server, "SELECT id FROM memorial_comments WHERE memorial_flower_id = ?", flower.id);
  return { id: row!.id, flowerId: flower.id };
}

async function adminItem(kind: Kind, id: number): Promise<{ id: number; version: number; approved: boolean } | undefined> {
  const res = await admin.get(`/api/admin/${kind}/${id}`);
  return res.status === 404 ? undefined : json<{ id: number; version: number; approved: boolean }>(res);
}

const publicIds = async (kind: Kind, flowerId: number) => (await json<{ id: number }[]>(await visitor.get(PUBLIC_LIST[kind](flowerId)))).map((i) => i.id);

describe.each(["testimonials", "memorial-flowers", "memorial-comments"] as Kind[])("moderating %s", (kind) => {
  it("lists every item with its version, newest first", async () => {
    const a = await pending(kind);
    const b = await pending(kind);
    const list = await adminItems<{ id: number; version: number; approved: boolean; createdAt: string; updatedAt: string }>(admin, `/api/admin/${kind}`);
    const ids = list.map((i) => i.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    for (const item of list) {
      expect(item.version).toEqual(expect.any(Number));
      expect(typeof item.approved).toBe("boolean");
      expect(item.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    expect(list.find((i) => i.id === a.id)).toMatchObject({ version: 1, approved: false });
  });

  it("approves with a matching If-Match (200, new version), makes it public; a repeat changes nothing", async () => {
    const item = await pending(kind);
    expect(await publicIds(kind, item.flowerId)).not.toContain(item.id);
    const res = await admin.post(`/api/admin/${kind}/${item.id}/approve`, undefined, { "If-Match": '"1"' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ id: item.id, version: 2, approved: true });
    expect(body.message).toMatch(/Approved$/);
    expect(res.headers.get("etag")).toBe('"2"');
    expect(await adminItem(kind, item.id)).toMatchObject({ version: 2, approved: true });
    expect(await publicIds(kind, item.flowerId)).toContain(item.id);
    // Approving again (with the current version) answers the same version.
    expect(await json(await admin.post(`/api/admin/${kind}/${item.id}/approve`, undefined, { "If-Match": 'W/"2"' }))).toMatchObject({ version: 2 });
  });

  it("approves without a precondition too (the web admin)", async () => {
    const item = await pending(kind);
    expect((await admin.post(`/api/admin/${kind}/${item.id}/approve`)).status).toBe(200);
    expect(await adminItem(kind, item.id)).toMatchObject({ approved: true });
  });

  it("answers 412 to a stale approve and changes nothing", async () => {
    const item = await pending(kind);
    changedBehindOurBack(server, TABLE[kind], item.id, 5); // someone else changed it
    const res = await admin.post(`/api/admin/${kind}/${item.id}/approve`, undefined, { "If-Match": '"1"' });
    expect(res.status).toBe(412);
    expect((await errorBody(res)).error).toBe("precondition_failed");
    expect(sql(server, `SELECT approved, version FROM ${TABLE[kind]} WHERE id = ?`, item.id)).toEqual([{ approved: 0, version: 5 }]);
  });

  it("a stale decline never deletes an item that went live (412), a current one does", async () => {
    const item = await pending(kind);
    const reviewed = (await adminItem(kind, item.id))!.version; // the volunteer reviewed it pending, offline
    expect((await admin.post(`/api/admin/${kind}/${item.id}/approve`)).status).toBe(200); // meanwhile it went live
    const stale = await admin.delete(`/api/admin/${kind}/${item.id}`, { "If-Match": `"${reviewed}"` });
    expect(stale.status).toBe(412);
    await errorBody(stale);
    expect(count(server, TABLE[kind], `id = ${item.id}`)).toBe(1);
    expect(await publicIds(kind, item.flowerId)).toContain(item.id);

    const current = (await adminItem(kind, item.id))!.version;
    const res = await admin.delete(`/api/admin/${kind}/${item.id}`, { "If-Match": `"${current}"` });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toMatch(/Deleted$/);
    expect(count(server, TABLE[kind], `id = ${item.id}`)).toBe(0);
    if (kind !== "memorial-flowers") expect(await publicIds(kind, item.flowerId)).not.toContain(item.id);
    else expect((await visitor.get(PUBLIC_LIST[kind](item.flowerId))).status).toBe(200);
  });

  it("answers 404 for an item that is gone, or an id that cannot exist", async () => {
    const item = await pending(kind);
    expect((await admin.delete(`/api/admin/${kind}/${item.id}`)).status).toBe(200);
    for (const res of [
      await admin.post(`/api/admin/${kind}/${item.id}/approve`, undefined, { "If-Match": '"1"' }),
      await admin.delete(`/api/admin/${kind}/${item.id}`, { "If-Match": '"1"' }),
      await admin.delete(`/api/admin/${kind}/${item.id}`),
      await admin.post(`/api/admin/${kind}/not-a-number/approve`),
    ]) {
      expect(res.status).toBe(404);
      expect((await errorBody(res)).error).toBe("not_found");
    }
  });

  it("answers one item by id with its version (ETag), as the list shows it; 404 with a sentence once it is gone", async () => {
    const item = await pending(kind);
    const res = await admin.get(`/api/admin/${kind}/${item.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBe('"1"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    const listed = (await adminItems<{ id: number }>(admin, `/api/admin/${kind}`)).find((i) => i.id === item.id);
    expect(await json(res)).toEqual(listed);

    expect((await admin.post(`/api/admin/${kind}/${item.id}/approve`)).status).toBe(200);
    expect(await json(await admin.get(`/api/admin/${kind}/${item.id}`))).toMatchObject({ id: item.id, version: 2, approved: true });

    expect((await admin.delete(`/api/admin/${kind}/${item.id}`)).status).toBe(200);
    for (const path of [`/api/admin/${kind}/${item.id}`, `/api/admin/${kind}/987654321`]) {
      const gone = await admin.get(path);
      expect(gone.status, path).toBe(404);
      expect(await errorBody(gone)).toMatchObject({ error: "not_found", message: `This ${NOUN[kind]} no longer exists.` });
    }
  });

  it("pages the pending list after the last id read (beforeId), unshifted by approvals meanwhile", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await pending(kind)).id);
    const page = (beforeId?: number) =>
      admin
        .get(`/api/admin/${kind}?status=pending&pageSize=2${beforeId ? `&beforeId=${beforeId}` : ""}`)
        .then((r) => json<{ items: { id: number; approved: boolean }[]; total: number }>(r));
    const first = await page();
    expect(first.items.map((i) => i.id)).toEqual([ids[4], ids[3]]);
    // Someone approves the newest two while the reader is between pages: a page number would now skip two items.
    for (const id of [ids[4]!, ids[3]!]) expect((await admin.post(`/api/admin/${kind}/${id}/approve`)).status).toBe(200);
    const second = await page(first.items.at(-1)!.id);
    expect(second.items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    expect(second.items.every((i) => !i.approved)).toBe(true);
    const bad = await admin.get(`/api/admin/${kind}?status=pending&beforeId=soon`);
    expect(bad.status).toBe(400);
    expect((await errorBody(bad)).message).toBe("beforeId must be a whole number");
  });

  it("answers 400 to an If-Match that is not a version", async () => {
    const item = await pending(kind);
    const res = await admin.post(`/api/admin/${kind}/${item.id}/approve`, undefined, { "If-Match": "yesterday" });
    expect(res.status).toBe(400);
    await errorBody(res);
    expect(sql(server, `SELECT approved FROM ${TABLE[kind]} WHERE id = ?`, item.id)).toEqual([{ approved: 0 }]);
  });
});

describe("the admin lists", () => {
  it("show flowers with parentName, email and emailUpdates, comments with their text and flower name", async () => {
    const flower = await liveFlower(server, admin, { babyFirstName: "Seraphina" });
    await visitor.post(`/api/memorial-flowers/${flower.id}/comments`, { commenterName: "Auntie", commentLibraryId: libraryId });
    const flowers = await adminItems<Record<string, unknown>>(admin, "/api/admin/memorial-flowers");
    expect(flowers.find((f) => f.id === flower.id)).toMatchObject({
      parentName: flower.input.parentName,
      email: flower.input.email,
      emailUpdates: true,
      approved: true,
      version: 2,
    });
    const comments = await adminItems<Record<string, unknown>>(admin, "/api/admin/memorial-comments");
    expect(comments.find((c) => c.memorialFlowerId === flower.id)).toMatchObject({
      commenterName: "Auntie",
      commentLibraryId: libraryId,
      commentText: expect.any(String),
      flowerBabyFirstName: "Seraphina",
      approved: false,
      version: 1,
    });
    expect((await admin.get("/api/admin/memorial-flowers?status=pending")).headers.get("cache-control")).toBe("no-store");
  });

  it("deleting a flower takes its comments with it", async () => {
    const flower = await liveFlower(server, admin);
    await visitor.post(`/api/memorial-flowers/${flower.id}/comments`, { commenterName: "Auntie", commentLibraryId: libraryId });
    expect(count(server, "memorial_comments", `memorial_flower_id = ${flower.id}`)).toBe(1);
    expect((await admin.delete(`/api/admin/memorial-flowers/${flower.id}`)).status).toBe(200);
    expect(count(server, "memorial_comments", `memorial_flower_id = ${flower.id}`)).toBe(0);
    expect((await visitor.get(`/api/memorial-flowers/${flower.id}/comments`)).status).toBe(404);
  });
});

describe("PUT /api/admin/memorial-flowers/:id (flower edit)", () => {
  const edit = { babyFirstName: "Edited", babyMiddleName: "", babyLastName: "", lossDate: "", flowerType: "pink-rose" };

  it("changes names, date and type, bumps the version, and the garden shows it", async () => {
    const flower = await liveFlower(server, admin);
    const res = await admin.put(`/api/admin/memorial-flowers/${flower.id}`, edit, { "If-Match": '"2"' });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      id: flower.id,
      babyFirstName: "Edited",
      babyMiddleName: null,
      babyLastName: null,
      lossDate: null,
      flowerType: "pink-rose",
      version: 3,
    });
    const garden = await json<Record<string, unknown>[]>(await visitor.get("/api/memorial-flowers"));
    expect(garden.find((f) => f.id === flower.id)).toMatchObject({ babyFirstName: "Edited", flowerType: "pink-rose" });
  });

  it("answers 'First name is required', refuses an unknown flower type, 412 when stale, 404 when gone", async () => {
    const flower = await liveFlower(server, admin);
    const a = await admin.put(`/api/admin/memorial-flowers/${flower.id}`, { ...edit, babyFirstName: " " });
    expect(a.status).toBe(400);
    expect((await errorBody(a)).message).toBe("First name is required");
    const b = await admin.put(`/api/admin/memorial-flowers/${flower.id}`, { ...edit, flowerType: "daffodil" });
    expect(b.status).toBe(400);
    expect((await errorBody(b)).message).toBe("Please choose one of the ten flowers");
    const c = await admin.put(`/api/admin/memorial-flowers/${flower.id}`, edit, { "If-Match": '"1"' });
    expect(c.status).toBe(412);
    expect(sql(server, "SELECT baby_first_name, version FROM memorial_flowers WHERE id = ?", flower.id)).toEqual([
      { baby_first_name: flower.input.babyFirstName, version: 2 },
    ]);
    expect((await admin.put(`/api/admin/memorial-flowers/987654`, edit)).status).toBe(404);
  });
});
