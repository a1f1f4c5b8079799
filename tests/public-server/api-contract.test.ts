import type Router from "@koa/router";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { API_ROUTES, routeFor, type AnswerTo, type ApiPath } from "../../shared/schemas/routes";
import type { GardenPageDto, PublicCommentDto } from "../../shared/schemas/public";
import type { ApprovedDto } from "../../shared/schemas/admin";
import { checkAnswer, Client } from "../support/client";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** Every route the running server answers under /api, as "METHOD /api/path". */
function serverRoutes(): string[] {
  // @koa/router's routes() middleware carries its router.
  const routers = server.parts.app.middleware.flatMap((m) => (m as unknown as { router?: Router }).router ?? []);
  const found = new Set<string>();
  for (const router of routers) {
    for (const layer of router.stack) {
      const path = String(layer.path);
      if (!path.startsWith("/api/")) continue;
      // A GET route also answers HEAD; middleware mounted with use() names no method.
      for (const method of layer.methods) if (method !== "HEAD") found.add(`${method} ${path}`);
    }
  }
  return [...found].sort();
}

describe("the API's route table (shared/schemas/routes.ts)", () => {
  it("names every route the server answers under /api, and no other", () => {
    const table = Object.values(API_ROUTES)
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(new Set(table).size).toBe(table.length);
    expect(serverRoutes()).toEqual(table);
  });

  it("finds a route by its address as the server matches it (case, trailing slash, an id that is not a number)", () => {
    expect(routeFor("GET", "/api/memorial-flowers/12/comments")).toBe(API_ROUTES.memorialComments);
    expect(routeFor("GET", "/api/memorial-flowers/garden?flower=rose&page=2")).toBe(API_ROUTES.gardenView);
    expect(routeFor("GET", "/api/admin/memorial-flowers/export.csv")).toBe(API_ROUTES.gardenCsv);
    expect(routeFor("GET", "/api/admin/memorial-flowers/corrections?page=1")).toBe(API_ROUTES.corrections);
    expect(routeFor("PUT", "/api/admin/memorial-flowers/bulk-update?conflicts=skip")).toBe(API_ROUTES.bulkUpdate);
    expect(routeFor("GET", "/api/Memorial-Flowers/12")).toBeUndefined();
    expect(routeFor("GET", "/api/memorial-flowers/12/")).toBeUndefined();
    expect(routeFor("DELETE", "/api/memorial-flowers/12")).toBeUndefined();
  });

  it("fails a test whose answer is not in the contract", async () => {
    const answer = (body: unknown) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json; charset=utf-8" } });
    await expect(checkAnswer("GET", "/api/health", answer({ status: "ok" }))).resolves.toBeUndefined();
    await expect(checkAnswer("GET", "/api/health", answer({ status: "fine" }))).rejects.toThrow(/GET \/api\/health .* its schema refuses: status/);
    await expect(checkAnswer("GET", "/api/memorial-flowers/3", answer({ id: 3, babyFirstName: "Grace" }))).rejects.toThrow(/babyMiddleName/);
    await expect(checkAnswer("GET", "/api/nowhere", answer({}))).rejects.toThrow(/has no such route/);
    // Refusals and answers that are not JSON are not the contract's business.
    await expect(
      checkAnswer("GET", "/api/nowhere", new Response("{}", { status: 404, headers: { "Content-Type": "application/json" } })),
    ).resolves.toBeUndefined();
  });

  it("holds the server's real answers to it", async () => {
    const client = new Client(server.url);
    for (const path of [
      "/api/health",
      "/api/site",
      "/api/site?lang=es",
      "/api/memorial-flowers",
      "/api/memorial-flowers/garden",
      "/api/comment-library",
      "/api/testimonials",
    ]) {
      expect((await client.get(path)).status, path).toBe(200);
    }
  });

  it("types the clients' calls: an address names its route, and the answer is that route's (checked by tsc)", () => {
    expectTypeOf<AnswerTo<"GET", "/api/memorial-flowers/garden?page=2">>().toEqualTypeOf<GardenPageDto>();
    expectTypeOf<AnswerTo<"GET", `/api/memorial-flowers/${number}/comments`>>().toEqualTypeOf<PublicCommentDto[]>();
    expectTypeOf<AnswerTo<"POST", `/api/admin/memorial-comments/${number}/approve`>>().toEqualTypeOf<ApprovedDto>();
    // @ts-expect-error: no such route
    const nowhere: ApiPath<"GET"> = "/api/nowhere";
    // @ts-expect-error: the comments are read, never deleted
    const wrongMethod: ApiPath<"DELETE"> = "/api/memorial-flowers/3/comments";
    expect([nowhere, wrongMethod]).toHaveLength(2);
  });
});
