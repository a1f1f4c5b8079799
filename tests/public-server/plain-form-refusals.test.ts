import net from "node:net";
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

  it("a refused post whose body is far larger than the form can take closes its connection instead of reading the rest", async () => {
    // Declares 1 MB and sends 1 KB of it: the refusal comes at once, and the server does not wait to read
    // (and throw away) the other 999 KB to keep the connection. A small refused body keeps its connection,
    // and so does a large one refused for another reason (here, from another site: 403).
    const { port } = new URL(server.url);
    const send = (declared: number, sent: number, origin = server.url) =>
      new Promise<{ answer: string; closed: boolean }>((resolve, reject) => {
        const socket = net.connect(Number(port), "127.0.0.1");
        let answer = "";
        const done = (closed: boolean) => {
          clearTimeout(timer);
          socket.destroy();
          resolve({ answer, closed });
        };
        const timer = setTimeout(() => done(false), 2000);
        socket.on("data", (d) => (answer += d.toString("latin1")));
        socket.on("end", () => done(true));
        socket.on("error", reject);
        socket.write(
          `POST /share-testimonial HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\n` +
            `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${declared}\r\n\r\n` +
            `form=testimonial&testimonial=${"x".repeat(sent - 29)}`,
        );
      });
    const large = await send(1_000_000, 1024);
    expect(large.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(large.answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(large.closed).toBe(true);
    // A body that is all there is kept to its end, and the connection with it.
    const small = await send(1024, 1024);
    expect(small.answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(small.answer).toMatch(/\r\nConnection: keep-alive\r\n/i);
    expect(small.closed).toBe(false);
    const elsewhere = await send(1_000_000, 1024, "https://elsewhere.example");
    expect(elsewhere.answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(elsewhere.closed).toBe(false);
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
