import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";

let direct: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  direct = await startTestServer();
  proxied = await startTestServer({ trustProxy: 1 });
});
afterAll(async () => {
  await direct?.stop();
  await proxied?.stop();
});

describe("HSTS", () => {
  it("is sent when a trusted proxy says the request came over HTTPS, and only then", async () => {
    const overHttps = await fetch(proxied.url + "/", { headers: { "X-Forwarded-Proto": "https" } });
    expect(overHttps.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const overHttp = await fetch(proxied.url + "/", { headers: { "X-Forwarded-Proto": "http" } });
    expect(overHttp.headers.get("strict-transport-security")).toBeNull();
    // Without TRUST_PROXY nobody may claim HTTPS with a header.
    const claimed = await fetch(direct.url + "/", { headers: { "X-Forwarded-Proto": "https" } });
    expect(claimed.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("framing", () => {
  const closed = [
    "/admin",
    "/admin/",
    "/admin/login",
    "/Admin",
    "/ADMIN/login",
    "/%61dmin",
    "//admin",
    "/./admin",
    "/admin;x",
    "/api/health",
    "/API/health",
    "/api/nothing-here",
  ];
  it.each(closed)("forbids framing of %s (CSP frame-ancestors 'none' and X-Frame-Options DENY)", async (pathname) => {
    const res = await fetch(direct.url + pathname, { redirect: "manual" });
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("lets only our own pages frame the public pages", async () => {
    for (const pathname of ["/", "/garden-of-remembrance", "/administrators-guide"]) {
      const res = await fetch(direct.url + pathname);
      expect(res.headers.get("content-security-policy"), pathname).toContain("frame-ancestors 'self'");
      expect(res.headers.get("x-frame-options"), pathname).toBe("SAMEORIGIN");
    }
  });
});

describe("the donation form", () => {
  it("may use payment (Apple Pay, Google Pay) for the configured donation origin only", async () => {
    const res = await fetch(direct.url + "/support-donation");
    expect(res.headers.get("permissions-policy")).toBe('camera=(), microphone=(), geolocation=(), payment=("https://donate.example.org")');
    expect(res.headers.get("content-security-policy")).toContain("frame-src https://donate.example.org;");
  });

  it("is framed with a sandbox and allow=payment in the page as served, before JavaScript", async () => {
    const html = await (await fetch(direct.url + "/support-donation")).text();
    const frame = /<iframe[^>]*class="donation-frame"[^>]*>/.exec(html)?.[0] ?? "";
    expect(frame).toContain('src="https://donate.example.org/our-lady-of-hope"');
    expect(frame).toContain('sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox"');
    expect(frame).toContain('allow="payment"');
    expect(frame).not.toContain("allow-top-navigation");
  });
});

describe("source maps", () => {
  it("are never served, in any spelling of the address", async () => {
    const assets = path.join(direct.config.webDir, "assets");
    const map = fs.readdirSync(assets).find((f) => f.endsWith(".js.map"));
    const script = fs.readdirSync(assets).find((f) => f.endsWith(".js"))!;
    // The build keeps maps for whoever debugs it (when it writes them), without a link from the scripts.
    expect(fs.readFileSync(path.join(assets, script), "utf8")).not.toMatch(/sourceMappingURL=/);
    const name = map ?? `${script}.map`;
    for (const address of [
      `/assets/${name}`,
      `/assets/${name.replace(/\.map$/, "%2Emap")}`,
      `/assets/${name.replace(/\.map$/, "%2emap")}`,
      `/assets//${name}`,
    ]) {
      const res = await fetch(direct.url + address);
      const body = await res.text();
      expect(res.status, address).toBe(404);
      expect(body, address).not.toContain('"mappings"');
    }
  });
});
