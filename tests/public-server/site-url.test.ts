import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../public-server/config";
import { runDoctor } from "../../public-server/operations/doctor";
import { cleanupAfterAll } from "../support/cleanup";
import { ROOT } from "../support/testServer";
import { spawnServer, type SpawnedServer } from "./spawn";

/** siteUrl in site.json is in every share link, preview image and email: an example or unreachable one is refused by the doctor and named at start. */
const { tempDir } = cleanupAfterAll();

function folderWithSiteUrl(siteUrl: string | undefined): string {
  const dir = tempDir("garden-siteurl-");
  const site = JSON.parse(fs.readFileSync(path.join(ROOT, "data/site.json"), "utf8"));
  if (siteUrl === undefined) delete site.siteUrl;
  else site.siteUrl = siteUrl;
  fs.writeFileSync(path.join(dir, "site.json"), JSON.stringify(site));
  return dir;
}

async function siteUrlFinding(siteUrl: string | undefined) {
  const findings = await runDoctor(loadConfig({ DATA_DIR: folderWithSiteUrl(siteUrl) }), { smtpTimeoutMs: 100 });
  return findings.find((f) => f.check === "siteUrl")!;
}

describe("the doctor's siteUrl check", () => {
  it.each([
    ["https://garden.example.org", /is the fictional example address/],
    ["https://www.EXAMPLE.com/garden", /is the fictional example address/],
    ["https://example.net", /is the fictional example address/],
    ["http://localhost:5000", /this computer's own address/],
    ["https://127.0.0.1", /this computer's own address/],
    ["https://203.0.113.7", /a bare IP address/],
    ["http://[2001:db8::1]", /a bare IP address/],
    ["http://garden.hope-apostolate.test", /plain http/],
    [undefined, /not set/],
  ])("fails on %s", async (siteUrl, reason) => {
    const finding = await siteUrlFinding(siteUrl);
    expect(finding.ok).toBe(false);
    expect(finding.detail).toMatch(reason);
    expect(finding.fix).toMatch(/^Set siteUrl to the site's public address over HTTPS/);
  });

  it("accepts the apostolate's own name over HTTPS", async () => {
    expect(await siteUrlFinding("https://garden.hope-apostolate.test")).toMatchObject({
      ok: true,
      detail: "Share links and preview images point to https://garden.hope-apostolate.test.",
    });
  });
});

describe("the server's start", () => {
  let proc: SpawnedServer | undefined;
  afterAll(() => proc?.cleanup());

  it("warns in one sentence while siteUrl is still the example address", async () => {
    proc = await spawnServer();
    const line = `siteUrl in ${path.join(proc.dataDir, "site.json")}: https://garden.example.org is the fictional example address; set it to the site's public address, such as https://garden.your-apostolate.org.`;
    expect(proc.output()).toContain(`${line}\n`);
    expect(proc.output()).toMatch(/"event":"site_url_unreachable"/);
  });
});
