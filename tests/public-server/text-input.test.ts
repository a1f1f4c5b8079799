import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/client";
import { startTestServer, type TestServer } from "../support/testServer";
import { HIDDEN_CHARACTER_MESSAGE, UNREADABLE_CHARACTER_MESSAGE } from "../../shared/text";
import { assistanceInput, count, errorBody, flowerInput, liveFlower, signedIn, sql, testimonialInput } from "./fixtures";

let server: TestServer;
let visitor: Client;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  visitor = new Client(server.url);
  admin = await signedIn(server);
});
afterAll(async () => server?.stop());

const HIDDEN = {
  NUL: "Gr\u0000ace",
  ESC: "Grace\u001b[2J",
  "right-to-left override": "Grace\u202Egpj.exe",
  "first strong isolate": "Gr\u2068ace",
  "zero-width space": "Gr\u200Bace",
  "zero-width joiner in a Latin name": "Gr\u200Dace",
  "word joiner": "Gr\u2060ace",
  "zero-width no-break space": "Gr\uFEFFace",
};

async function expectRefused(res: Response, field: string, message = HIDDEN_CHARACTER_MESSAGE): Promise<void> {
  expect(res.status).toBe(400);
  const body = await errorBody(res);
  expect(body.error).toBe("validation_error");
  expect(body.errors?.find((e) => e.path === field)?.message).toBe(message);
}

describe("hidden characters are refused with 400 JSON in every visitor form", () => {
  it.each(Object.entries(HIDDEN))("%s", async (_label, text) => {
    await expectRefused(await visitor.post("/api/assistance-requests", assistanceInput({ firstName: text })), "firstName");
    await expectRefused(await visitor.post("/api/assistance-requests", assistanceInput({ comments: `Please call.\n${text}` })), "comments");
    await expectRefused(await visitor.post("/api/memorial-flowers", flowerInput({ babyFirstName: text })), "babyFirstName");
    await expectRefused(await visitor.post("/api/memorial-flowers", flowerInput({ parentName: text })), "parentName");
    await expectRefused(await visitor.post("/api/memorial-flowers", flowerInput({ lossDate: text })), "lossDate");
    await expectRefused(await visitor.post("/api/testimonials", testimonialInput({ testimonial: text })), "testimonial");
    await expectRefused(await visitor.post("/api/testimonials", testimonialInput({ childName: text })), "childName");
  });

  it("in a comment's name", async () => {
    const { id } = await liveFlower(server, admin);
    const [library] = sql<{ id: number }>(server, "SELECT id FROM comment_library LIMIT 1");
    const res = await visitor.post(`/api/memorial-flowers/${id}/comments`, { commenterName: "Ann\u202E", commentLibraryId: library!.id });
    await expectRefused(res, "commenterName");
  });

  it("and nothing was stored", async () => {
    expect(count(server, "assistance_requests")).toBe(0);
    expect(count(server, "testimonials")).toBe(0);
    expect(count(server, "memorial_comments")).toBe(0);
  });

  it("names the replacement character of a file read in the wrong encoding", async () => {
    await expectRefused(await visitor.post("/api/testimonials", testimonialInput({ firstName: "Zo\uFFFD" })), "firstName", UNREADABLE_CHARACTER_MESSAGE);
  });
});

describe("hidden characters in the admin's writes", () => {
  it("bulk upload, bulk update and a flower edit refuse them", async () => {
    const up = await admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers: [{ babyFirstName: "Ann\u200B", flowerType: "lily" }] });
    expect(up.status).toBe(400);
    expect((await errorBody(up)).errors?.[0]?.message).toBe(HIDDEN_CHARACTER_MESSAGE);
    const { id } = await liveFlower(server, admin);
    const update = await admin.put("/api/admin/memorial-flowers/bulk-update", {
      flowers: [{ id, babyFirstName: "Ann", babyLastName: "\u202EL", flowerType: "lily" }],
    });
    expect(update.status).toBe(400);
    const edit = await admin.put(`/api/admin/memorial-flowers/${id}`, { babyFirstName: "Ann\u0000", flowerType: "lily" });
    await expectRefused(edit, "babyFirstName");
  });
});

describe("every script, accent and emoji is welcome and kept exactly", () => {
  const names = ["Zoë Renée", "مريم", "نورا\u200Cجان", "נועה", "小明", "अनन्या", "क्\u200Dषमा", "🌸 Rose", "👨\u200D👩\u200D👧", "👋🏽"];
  it.each(names)("%s", async (name) => {
    const res = await visitor.post("/api/testimonials", testimonialInput({ firstName: name, testimonial: `Thank you.\n\n\tWith love, ${name}` }));
    expect(res.status).toBe(201);
    const [row] = sql<{ first_name: string; testimonial: string }>(server, "SELECT first_name, testimonial FROM testimonials ORDER BY id DESC LIMIT 1");
    expect(row).toEqual({ first_name: name, testimonial: `Thank you.\n\n\tWith love, ${name}` });
  });

  it("a flower named in Arabic is stored as sent", async () => {
    const res = await visitor.post("/api/memorial-flowers", flowerInput({ babyFirstName: "مريم", babyLastName: "ع." }));
    expect(res.status).toBe(201);
    expect(count(server, "memorial_flowers", "baby_first_name = 'مريم'")).toBe(1);
  });
});
