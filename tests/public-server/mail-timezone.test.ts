import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mailFor } from "../../public-server/mail";
import { readableTime } from "../../public-server/mail/hooks";
import { SiteConfig } from "../../shared/schemas/site";
import { cleanupAfterAll } from "../support/cleanup";
import { Client } from "../support/client";
import { ROOT, startTestServer } from "../support/testServer";

/**
 * The team's emails stamp times in the organisation's time zone (timeZone in site.json), not the
 * server's: the suite runs in America/New_York (vitest.config.ts), so a time read in the server's zone
 * shows up as the wrong offset.
 */
const { cleanups, tempDir } = cleanupAfterAll();

describe("times in the team's emails", () => {
  it("are in site.json's timeZone, across a clock change", () => {
    // The same wall clock an hour apart, either side of Dublin's change to winter time (25 October 2026).
    expect(readableTime(new Date("2026-10-24T23:30:00Z"), "Europe/Dublin")).toBe("Sunday 25 October 2026, 00:30 (+01:00)");
    expect(readableTime(new Date("2026-10-25T01:30:00Z"), "Europe/Dublin")).toBe("Sunday 25 October 2026, 01:30 (+00:00)");
    expect(readableTime(new Date("2026-11-26T13:05:00Z"), "Pacific/Chatham")).toBe("Friday 27 November 2026, 02:50 (+13:45)");
    // Without one, the server's zone, as before.
    expect(readableTime(new Date("2026-11-26T13:05:00Z"))).toBe("Thursday 26 November 2026, 08:05 (-05:00)");
  });

  it("site.json refuses a time zone that does not exist, with a sentence", () => {
    const site = JSON.parse(fs.readFileSync(path.join(ROOT, "data/site.json"), "utf8"));
    expect(SiteConfig.safeParse(site).success).toBe(true);
    const wrong = SiteConfig.safeParse({ ...site, timeZone: "Europe/Atlantis" });
    expect(wrong.error?.issues[0]?.message).toBe("timeZone must be a time zone name such as America/Chicago or Europe/Dublin.");
  });

  it("a request for help reaches the team stamped in the organisation's zone", async () => {
    const dataDir = tempDir("garden-tz-");
    const site = JSON.parse(fs.readFileSync(path.join(ROOT, "data/site.json"), "utf8"));
    fs.writeFileSync(path.join(dataDir, "site.json"), JSON.stringify({ ...site, timeZone: "Pacific/Chatham" }));
    const server = await startTestServer({ dataDir, teamEmails: ["team@hope-apostolate.test"] });
    cleanups.push(() => server.stop());
    const before = new Date();
    const res = await new Client(server.url).post("/api/assistance-requests", {
      firstName: "Clara",
      lastName: "Sample",
      email: "clara@example.net",
      phoneNumber: "(555) 010-9999",
      comments: "Please call this evening.",
    });
    expect(res.status).toBe(201);
    await mailFor(server.parts.services).drain();
    const files = fs.readdirSync(path.join(dataDir, "outbox")).filter((f) => f.endsWith(".eml"));
    const text = files.map((f) => fs.readFileSync(path.join(dataDir, "outbox", f), "utf8")).join("\n");
    expect(text).toContain(readableTime(before, "Pacific/Chatham").split(",")[0]); // the day in Chatham, as the team there reads it
    expect(text).toMatch(/\(\+13:45\)/);
    expect(text).not.toMatch(/\(-05:00\)/);
  });
});
