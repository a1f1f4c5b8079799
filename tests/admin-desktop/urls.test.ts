import { describe, expect, it } from "vitest";
import { isAllowedExternalUrl, rendererFile, isOurRendererUrl, normaliseServerUrl } from "../../admin-desktop/main/urls";

describe("isAllowedExternalUrl", () => {
  it.each([
    ["https://example.org", true],
    ["http://example.org/page?q=1#x", true],
    ["https://www.example.org/support", true],
    ["HTTPS://EXAMPLE.ORG", true],
    ["file:///etc/passwd", false],
    ["javascript:alert(1)", false],
    ["data:text/html,<script>alert(1)</script>", false],
    ["vbscript:msgbox", false],
    ["smb://server/share", false],
    ["ms-msdt:/id PCWDiagnostic", false],
    ["mailto:info@example.org", false],
    ["https://user:secret@example.org", false],
    ["//example.org", false],
    ["example.org", false],
    ["", false],
    ["https://" + "a".repeat(3000) + ".org", false],
    [null, false],
    [42, false],
    [{ href: "https://example.org" }, false],
  ])("%s → %s", (url, allowed) => {
    expect(isAllowedExternalUrl(url)).toBe(allowed);
  });
});

describe("normaliseServerUrl", () => {
  it.each([
    ["https://garden.example.org/admin", "https://garden.example.org"],
    ["garden.example.org", "https://garden.example.org"],
    ["  https://garden.example.org:8443/  ", "https://garden.example.org:8443"],
    ["http://localhost:5000", "http://localhost:5000"],
    ["http://127.0.0.1:5000", "http://127.0.0.1:5000"],
    ["http://192.168.1.20:5000", "http://192.168.1.20:5000"],
    ["http://parish-pc.local:5000", "http://parish-pc.local:5000"],
  ])("%s → %s", (raw, url) => {
    expect(normaliseServerUrl(raw)).toEqual({ ok: true, url });
  });

  it.each([
    "http://garden.example.org",
    "ftp://example.org",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "https://a:b@example.org",
    "http://8.8.8.8",
    "https://",
  ])("%s is refused", (raw) => {
    expect(normaliseServerUrl(raw).ok).toBe(false);
  });
});

describe("isOurRendererUrl (the IPC sender check)", () => {
  const expected = { devUrl: undefined };
  it.each([
    ["app://bundle/index.html", true],
    ["app://bundle/index.html#/review", true],
    ["app://bundle/other.html", false],
    ["app://evil/index.html", false],
    // The window is no longer a file:// page: nothing loaded from a file may call main.
    ["file:///opt/app/out/renderer/index.html", false],
    ["file:///tmp/evil.html", false],
    ["https://example.org/", false],
    ["http://localhost:5173/", false],
    ["about:blank", false],
    ["not a url", false],
  ])("%s → %s", (url, ok) => {
    expect(isOurRendererUrl(url, expected)).toBe(ok);
  });

  it("accepts the dev server only when one is configured", () => {
    const dev = { devUrl: "http://localhost:5173" };
    expect(isOurRendererUrl("http://localhost:5173/#/csv", dev)).toBe(true);
    expect(isOurRendererUrl("http://localhost:5174/", dev)).toBe(false);
    expect(isOurRendererUrl("http://evil.example/", dev)).toBe(false);
  });
});

describe("rendererFile (what app://bundle/ serves)", () => {
  const dir = "/opt/app/out/renderer";
  it.each([
    ["app://bundle/index.html", "/opt/app/out/renderer/index.html"],
    ["app://bundle/", "/opt/app/out/renderer/index.html"],
    ["app://bundle/assets/index-abc.js", "/opt/app/out/renderer/assets/index-abc.js"],
    ["app://bundle/../../../etc/passwd", "/opt/app/out/renderer/etc/passwd"],
    // The URL parser takes %2e%2e as "..": the path stays inside.
    ["app://bundle/%2e%2e/%2e%2e/main/index.js", "/opt/app/out/renderer/main/index.js"],
    ["app://bundle/assets%2f..%2f..%2fmain%2findex.js", null],
    ["app://bundle/%E0%A4%A", null],
    ["app://other/index.html", null],
    ["file:///etc/passwd", null],
  ])("%s → %s", (url, file) => {
    expect(rendererFile(url, dir)).toBe(file);
  });
});
