import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.createUser("admin", "correct horse battery", "admin");
});
afterAll(() => server.stop());

describe("server smoke", () => {
  it("answers health and serves the site for other paths", async () => {
    const c = new Client(server.url);
    expect(await json(await c.get("/api/health"))).toEqual({ status: "ok" });
    const page = await c.get("/garden-of-remembrance");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/html/);
  });

  it("signs an admin in and out", async () => {
    const c = new Client(server.url);
    expect((await c.get("/api/user")).status).toBe(401);
    await c.login("admin", "correct horse battery");
    expect(await json(await c.get("/api/user"))).toMatchObject({ username: "admin", role: "admin" });
    expect((await c.post("/api/logout")).status).toBe(200);
    expect((await c.get("/api/user")).status).toBe(401);
  });
});
