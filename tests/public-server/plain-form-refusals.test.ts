import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client } from "../support/client";
import { count } from "./fixtures";

/**
 * A plain (JavaScript-free) form post that is refused costs no more than its refusal: the limit and the
 * body's size are checked before anything is rendered, a post refused before its form was read answers a
 * small page with nothing typed in it, and a refused form writes back only its own fields.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ submissionsPerHour: 1000, refusedSubmissionsPerHour: 1000 });
});
afterAll(() => server?.stop());

const post = (c: Client, fields: Record<string, string>) =>
  c.request("POST", "/share-testimonial", new URLSearchParams({ form: "testimonial", firstName: "Plain", lastName: "Writer", ...fields }).toString(), {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: server.url,
  });

describe("plain form posts refused cheaply", () => {
  it("a 1 MB testimonial is refused before it is read or rendered: a small page, 413, nothing typed", async () => {
    const typed = "Grief ".repeat(175_000);
    const res = await post(new Client(server.url), { testimonial: typed });
    const html = await res.text();
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(html.length).toBeLessThan(2000);
    expect(html).toContain("much longer than this form can take");
    expect(html).not.toContain("Grief");
    expect(html).toContain('<a href="/share-testimonial">');
    expect(count(server, "testimonials")).toBe(0);
  });

  it("a field of more than twice its limit inside a body the form may need is refused the same way", async () => {
    const res = await post(new Client(server.url), { testimonial: "x".repeat(25_000) });
    expect(res.status).toBe(413);
    expect((await res.text()).length).toBeLessThan(2000);
  });

  it("a testimonial a little over its limit comes back in the form, with the message beside it, for the writer to shorten", async () => {
    const typed = `Our daughter ${"w".repeat(10_100)}`;
    const res = await post(new Client(server.url), { testimonial: typed });
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).toContain(typed);
    expect(html).toMatch(/10,?000 characters/);
  });

  it("fields the form does not have are never written back", async () => {
    const res = await post(new Client(server.url), { testimonial: "", padding: "never-echoed ".repeat(4000) });
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).toContain("Please share your testimonial");
    expect(html).not.toContain("never-echoed");
  });

  it("an unknown form answers a small page, not the site's JSON", async () => {
    const res = await post(new Client(server.url), { form: "nothing" });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain("We could not tell which form this came from.");
  });
});

describe("plain form posts over the limit", () => {
  it("answer 429 with a small page that renders nothing typed", async () => {
    const s = await startTestServer({ submissionsPerHour: 1, refusedSubmissionsPerHour: 1000 });
    try {
      const c = new Client(s.url);
      const send = (testimonial: string) =>
        c.request("POST", "/share-testimonial", new URLSearchParams({ form: "testimonial", firstName: "Plain", lastName: "Writer", testimonial }).toString(), {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: s.url,
        });
      expect((await send("The first one")).status).toBe(303);
      const limited = await send(`Kept words ${"a".repeat(9000)}`);
      const html = await limited.text();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(html).toContain("We have received many messages from your connection in a short time.");
      expect(html).not.toContain("Kept words");
      expect(html.length).toBeLessThan(2000);
    } finally {
      await s.stop();
    }
  });
});
