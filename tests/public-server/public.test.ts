import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { adminItems, Client, json } from "../support/client";
import {
  assistanceInput,
  count,
  errorBody,
  flowerInput,
  legacyComment,
  legacyLibraryEntry,
  liveFlower,
  setLibraryEntryActive,
  signedIn,
  sql,
  submitFlower,
  testimonialInput,
} from "./fixtures";

let server: TestServer;
let admin: Client;
let visitor: Client;
/** Every parent name and email sent by a visitor: none may ever come back from a public GET. */
const privateStrings = new Set<string>();

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server);
  visitor = new Client(server.url);
});
afterAll(() => server.stop());

const remember = (input: { parentName?: unknown; email?: unknown }) => {
  if (typeof input.parentName === "string") privateStrings.add(input.parentName);
  if (typeof input.email === "string") privateStrings.add(input.email);
};

async function expect400(res: Response, message: string) {
  expect(res.status).toBe(400);
  const body = await errorBody(res);
  expect(body.message).toBe(message);
  expect(body.errors?.map((e) => e.message)).toContain(message);
}

describe("POST /api/assistance-requests", () => {
  it("stores a complete request and answers 201", async () => {
    const input = assistanceInput();
    const res = await visitor.post("/api/assistance-requests", input);
    expect(res.status).toBe(201);
    expect((await json(res)).message).toMatch(/received/i);
    const rows = sql(server, "SELECT first_name, last_name, email, phone_number, comments FROM assistance_requests WHERE email = ?", input.email);
    expect(rows).toEqual([{ first_name: input.firstName, last_name: "Example", email: input.email, phone_number: "555-0100", comments: "Please call me." }]);
  });

  it.each([
    ["firstName", "First name is required"],
    ["lastName", "Last name is required"],
    ["email", "Valid email is required"],
    ["phoneNumber", "Phone number is required"],
    ["comments", "Comments are required"],
  ])("answers 400 %s → %s, missing or blank, and stores nothing", async (field, message) => {
    const before = count(server, "assistance_requests");
    const missing = assistanceInput();
    delete (missing as Record<string, unknown>)[field];
    await expect400(await visitor.post("/api/assistance-requests", missing), message);
    await expect400(await visitor.post("/api/assistance-requests", assistanceInput({ [field]: "   " })), message);
    expect(count(server, "assistance_requests")).toBe(before);
  });

  it("answers 'Valid email is required' for an address that is not one", async () => {
    await expect400(await visitor.post("/api/assistance-requests", assistanceInput({ email: "not-an-email" })), "Valid email is required");
  });

  it("lists every failing field at once", async () => {
    const res = await visitor.post("/api/assistance-requests", {});
    const body = await errorBody(res);
    expect(body.errors!.map((e) => e.message)).toEqual([
      "First name is required",
      "Last name is required",
      "Valid email is required",
      "Phone number is required",
      "Comments are required",
    ]);
  });
});

describe("POST and GET /api/memorial-flowers", () => {
  it("keeps a submitted flower pending and out of the garden until approved", async () => {
    const input = flowerInput({ babyFirstName: "Pendingname" });
    remember(input);
    const res = await visitor.post("/api/memorial-flowers", input);
    expect(res.status).toBe(201);
    const [row] = sql<{ id: number; approved: number; parent_name: string; email: string; email_updates: number }>(
      server,
      "SELECT id, approved, parent_name, email, email_updates FROM memorial_flowers WHERE baby_first_name = 'Pendingname'",
    );
    expect(row).toMatchObject({ approved: 0, parent_name: input.parentName, email: input.email, email_updates: 1 });
    const garden = await json<{ id: number }[]>(await visitor.get("/api/memorial-flowers"));
    expect(garden.map((f) => f.id)).not.toContain(row!.id);

    await admin.post(`/api/admin/memorial-flowers/${row!.id}/approve`);
    const after = await json<Record<string, unknown>[]>(await visitor.get("/api/memorial-flowers"));
    const shown = after.find((f) => f.id === row!.id);
    expect(shown).toEqual({ id: row!.id, babyFirstName: "Pendingname", babyMiddleName: null, babyLastName: "K.", lossDate: "Spring 2024", flowerType: "lily" });
  });

  it.each([
    ["parentName", "Your name is required"],
    ["email", "A valid email address is required"],
    ["babyFirstName", "Baby's first name is required"],
    ["babyLastName", "Baby's last name is required (an initial is fine)"],
    ["flowerType", "Please choose one of the ten flowers"],
  ])("answers 400 when %s is missing", async (field, message) => {
    const input = flowerInput();
    delete (input as Record<string, unknown>)[field];
    remember(input);
    const before = count(server, "memorial_flowers");
    await expect400(await visitor.post("/api/memorial-flowers", input), message);
    expect(count(server, "memorial_flowers")).toBe(before);
  });

  it("refuses a flower type that is not one of the ten, and a bad email", async () => {
    const a = flowerInput({ flowerType: "sunflower" });
    const b = flowerInput({ email: "nope" });
    remember(a);
    remember(b);
    await expect400(await visitor.post("/api/memorial-flowers", a), "Please choose one of the ten flowers");
    await expect400(await visitor.post("/api/memorial-flowers", b), "A valid email address is required");
  });

  it("accepts every one of the ten flower types and optional fields left out", async () => {
    for (const flowerType of [
      "pink-tulip",
      "marigold",
      "ox-eye-daisy",
      "calla-lily",
      "forget-me-not",
      "periwinkle",
      "lily",
      "tulip",
      "carnation",
      "pink-rose",
    ]) {
      const input = flowerInput({ flowerType, babyMiddleName: undefined, lossDate: undefined, emailUpdates: undefined });
      remember(input);
      expect((await visitor.post("/api/memorial-flowers", input)).status).toBe(201);
    }
  });
});

describe("GET /api/comment-library", () => {
  it("lists active entries only, at least 12 standard and 12 biblical, with id, text, category", async () => {
    const list = await json<{ id: number; text: string; category: string }[]>(await visitor.get("/api/comment-library"));
    expect(list.filter((e) => e.category === "standard").length).toBeGreaterThanOrEqual(12);
    expect(list.filter((e) => e.category === "biblical").length).toBeGreaterThanOrEqual(12);
    for (const entry of list) expect(Object.keys(entry).sort()).toEqual(["category", "id", "text"]);
    const active = count(server, "comment_library", "active = 1");
    expect(list.length).toBe(active);
  });
});

describe("memorial comments", () => {
  let flowerId: number;
  let libraryId: number;

  beforeAll(async () => {
    const flower = await liveFlower(server, admin);
    remember(flower.input);
    flowerId = flower.id;
    const library = await json<{ id: number }[]>(await visitor.get("/api/comment-library"));
    libraryId = library[0]!.id;
  });

  it("accepts a comment for a live flower, keeps it pending, lists it once approved with its text", async () => {
    const res = await visitor.post(`/api/memorial-flowers/${flowerId}/comments`, {
      commenterName: "A friend",
      commentLibraryId: libraryId,
      memorialFlowerId: flowerId,
    });
    expect(res.status).toBe(201);
    const [row] = sql<{ id: number; approved: number }>(server, "SELECT id, approved FROM memorial_comments WHERE memorial_flower_id = ?", flowerId);
    expect(row!.approved).toBe(0);
    expect(await json(await visitor.get(`/api/memorial-flowers/${flowerId}/comments`))).toEqual([]);

    expect((await admin.post(`/api/admin/memorial-comments/${row!.id}/approve`)).status).toBe(200);
    const [library] = sql<{ text: string; category: string }>(server, "SELECT text, category FROM comment_library WHERE id = ?", libraryId);
    const list = await json(await visitor.get(`/api/memorial-flowers/${flowerId}/comments`));
    expect(list).toEqual([
      {
        id: row!.id,
        memorialFlowerId: flowerId,
        commenterName: "A friend",
        commentLibraryId: libraryId,
        commentText: library!.text,
        commentCategory: library!.category,
        createdAt: expect.any(String),
      },
    ]);
  });

  it("answers 'Name is required' and 'Please select a comment'", async () => {
    await expect400(await visitor.post(`/api/memorial-flowers/${flowerId}/comments`, { commenterName: "", commentLibraryId: libraryId }), "Name is required");
    await expect400(await visitor.post(`/api/memorial-flowers/${flowerId}/comments`, { commentLibraryId: libraryId }), "Name is required");
    await expect400(await visitor.post(`/api/memorial-flowers/${flowerId}/comments`, { commenterName: "Ann" }), "Please select a comment");
    await expect400(await visitor.post(`/api/memorial-flowers/${flowerId}/comments`, { commenterName: "Ann", commentLibraryId: 0 }), "Please select a comment");
  });

  it("refuses a comment for a pending or missing flower (404) and stores nothing", async () => {
    const pending = await submitFlower(server);
    remember(pending.input);
    const before = count(server, "memorial_comments");
    const a = await visitor.post(`/api/memorial-flowers/${pending.id}/comments`, { commenterName: "Ann", commentLibraryId: libraryId });
    expect(a.status).toBe(404);
    await errorBody(a);
    expect((await visitor.post(`/api/memorial-flowers/999999/comments`, { commenterName: "Ann", commentLibraryId: libraryId })).status).toBe(404);
    expect((await visitor.post(`/api/memorial-flowers/abc/comments`, { commenterName: "Ann", commentLibraryId: libraryId })).status).toBe(404);
    expect(count(server, "memorial_comments")).toBe(before);
  });

  it("refuses an inactive or unknown library entry (400) and a mismatched memorialFlowerId", async () => {
    const [inactive] = sql<{ id: number }>(server, "SELECT id FROM comment_library ORDER BY id DESC LIMIT 1");
    setLibraryEntryActive(server, inactive!.id, false);
    const before = count(server, "memorial_comments");
    const a = await visitor.post(`/api/memorial-flowers/${flowerId}/comments`, { commenterName: "Ann", commentLibraryId: inactive!.id });
    expect(a.status).toBe(400);
    expect((await errorBody(a)).message).toMatch(/no longer available/);
    expect((await visitor.post(`/api/memorial-flowers/${flowerId}/comments`, { commenterName: "Ann", commentLibraryId: 99999 })).status).toBe(400);
    const c = await visitor.post(`/api/memorial-flowers/${flowerId}/comments`, {
      commenterName: "Ann",
      commentLibraryId: libraryId,
      memorialFlowerId: flowerId + 1,
    });
    expect(c.status).toBe(400);
    expect(count(server, "memorial_comments")).toBe(before);
    setLibraryEntryActive(server, inactive!.id, true);
  });

  it("lists only approved comments that have both a text and a name", async () => {
    const flower = await liveFlower(server, admin);
    remember(flower.input);
    // As old data might be: an empty library text, a blank name, a pending one.
    legacyComment(server, flower.id, "Has no text", legacyLibraryEntry(server, ""), true);
    legacyComment(server, flower.id, "  ", libraryId, true);
    legacyComment(server, flower.id, "Still pending", libraryId, false);
    legacyComment(server, flower.id, "Shown", libraryId, true);
    const list = await json<{ commenterName: string }[]>(await visitor.get(`/api/memorial-flowers/${flower.id}/comments`));
    expect(list.map((c) => c.commenterName)).toEqual(["Shown"]);
  });

  it("answers 404 for the comments of a pending or missing flower", async () => {
    const pending = await submitFlower(server);
    remember(pending.input);
    const res = await visitor.get(`/api/memorial-flowers/${pending.id}/comments`);
    expect(res.status).toBe(404);
    await errorBody(res);
    expect((await visitor.get(`/api/memorial-flowers/424242/comments`)).status).toBe(404);
  });
});

describe("testimonials", () => {
  it("stores a testimonial pending and shows it only once approved, without its email", async () => {
    const input = testimonialInput({ email: "writer@private.example" });
    privateStrings.add("writer@private.example");
    const res = await visitor.post("/api/testimonials", input);
    expect(res.status).toBe(201);
    const [row] = sql<{ id: number; approved: number }>(server, "SELECT id, approved FROM testimonials WHERE first_name = ?", input.firstName);
    expect(row!.approved).toBe(0);
    expect((await json<{ id: number }[]>(await visitor.get("/api/testimonials"))).map((t) => t.id)).not.toContain(row!.id);
    await admin.post(`/api/admin/testimonials/${row!.id}/approve`);
    const list = await json<Record<string, unknown>[]>(await visitor.get("/api/testimonials"));
    expect(list.find((t) => t.id === row!.id)).toEqual({
      id: row!.id,
      firstName: input.firstName,
      lastName: "Example",
      childName: "Gabriel",
      testimonial: input.testimonial,
      createdAt: expect.any(String),
    });
  });

  it.each([
    ["firstName", "First name is required"],
    ["lastName", "Last name is required"],
    ["testimonial", "Please share your testimonial"],
  ])("answers 400 when %s is missing", async (field, message) => {
    const input = testimonialInput();
    delete (input as Record<string, unknown>)[field];
    await expect400(await visitor.post("/api/testimonials", input), message);
  });

  it("accepts no child's name and no email, but refuses a malformed email", async () => {
    expect((await visitor.post("/api/testimonials", testimonialInput({ childName: undefined }))).status).toBe(201);
    await expect400(await visitor.post("/api/testimonials", testimonialInput({ email: "bad" })), "Please enter a valid email address, or leave it empty");
  });
});

describe("GET /api/site and /api/health", () => {
  it("serves the site configuration read from data/site.json", async () => {
    const site = await json(await visitor.get("/api/site"));
    expect(site.organisationName).toMatch(/example/i);
    expect(site.donationUrl).toMatch(/^https:\/\//);
    expect(site.phones.length).toBeGreaterThan(0);
  });

  it("answers health", async () => {
    expect(await json(await visitor.get("/api/health"))).toEqual({ status: "ok" });
  });
});

describe("privacy", () => {
  it("no public answer carries a parent's name or an email", async () => {
    // Every flower submitted above is live now, so each is in every public list.
    for (const f of await adminItems<{ id: number; approved: boolean }>(admin, "/api/admin/memorial-flowers")) {
      if (!f.approved) await admin.post(`/api/admin/memorial-flowers/${f.id}/approve`);
    }
    expect(privateStrings.size).toBeGreaterThan(20);
    const flowers = await json<{ id: number }[]>(await visitor.get("/api/memorial-flowers"));
    expect(flowers.length).toBeGreaterThan(10);
    const paths = [
      "/api/memorial-flowers",
      "/api/testimonials",
      "/api/comment-library",
      "/api/site",
      "/api/health",
      "/api/user",
      ...flowers.map((f) => `/api/memorial-flowers/${f.id}/comments`),
    ];
    for (const path of paths) {
      for (const encoding of ["identity", "gzip", "br"]) {
        const text = await (await visitor.get(path, { "Accept-Encoding": encoding })).text();
        for (const secret of privateStrings) expect(text, `${path} leaks ${secret}`).not.toContain(secret);
        expect(text).not.toMatch(/parentName|private\.example/);
      }
    }
    // The admin list does carry them: the check above looks at the right strings.
    const adminText = JSON.stringify(await adminItems(admin, "/api/admin/memorial-flowers"));
    expect([...privateStrings].filter((s) => adminText.includes(s)).length).toBeGreaterThan(10);
  });
});
