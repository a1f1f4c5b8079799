import { describe, expect, it } from "vitest";
import { startTestServer } from "../support/testServer";
import { movableClock } from "../support/clock";
import { Client } from "../support/client";
import { ConfigError, loadConfig } from "../../public-server/config";
import { count, errorBody, testimonialInput } from "./fixtures";
import { cleanupAfterAll } from "../support/cleanup";

/**
 * Only received submissions count against SUBMISSIONS_PER_HOUR: a parent who sends a form with a field
 * left empty, again and again, is not told to come back in an hour. Refused ones have a bound of their
 * own (REFUSED_SUBMISSIONS_PER_HOUR), higher, against floods. Both ways in: the JSON API and the plain
 * form posts of pages without JavaScript.
 */

const { cleanups } = cleanupAfterAll();
async function start(overrides: Parameters<typeof startTestServer>[0]) {
  const s = await startTestServer(overrides);
  cleanups.push(s.stop);
  return s;
}

const SENTENCE = /^We have received many messages from your connection in a short time\. Please try again in .+, or call us if your need is urgent\.$/;

const refusedJson = (c: Client) => c.post("/api/testimonials", testimonialInput({ testimonial: "" }));
const acceptedJson = (c: Client) => c.post("/api/testimonials", testimonialInput());
const plain = (c: Client, fields: Record<string, string>) =>
  c.request("POST", "/share-testimonial", new URLSearchParams({ form: "testimonial", firstName: "Plain", lastName: "Writer", ...fields }).toString(), {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: c.baseUrl,
  });

describe("refused submissions do not use up the hour's submissions", () => {
  it("JSON: ten refused, then a good one is received; received ones are still limited at SUBMISSIONS_PER_HOUR", async () => {
    const s = await start({ submissionsPerHour: 3 });
    const c = new Client(s.url);
    for (let i = 0; i < 10; i++) {
      const res = await refusedJson(c);
      expect(res.status).toBe(400);
      expect((await errorBody(res)).errors?.[0]?.message).toBe("Please share your testimonial");
    }
    for (let i = 0; i < 3; i++) expect((await acceptedJson(c)).status).toBe(201);
    const limited = await acceptedJson(c);
    expect(limited.status).toBe(429);
    expect((await errorBody(limited)).message).toMatch(SENTENCE);
    expect(count(s, "testimonials")).toBe(3);
  });

  it("plain forms: ten refused, then a good one is received; received ones are still limited", async () => {
    const s = await start({ submissionsPerHour: 3 });
    const c = new Client(s.url);
    for (let i = 0; i < 10; i++) {
      const res = await plain(c, { testimonial: "" });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("Please share your testimonial");
    }
    for (let i = 0; i < 3; i++) expect((await plain(c, { testimonial: `Received ${i}` })).status).toBe(303);
    const limited = await plain(c, { testimonial: "One too many" });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("We have received many messages from your connection in a short time.");
    expect(count(s, "testimonials")).toBe(3);
  });

  it("a hundred good ones at once never slip past the bound: exactly SUBMISSIONS_PER_HOUR are received", async () => {
    const s = await start({ submissionsPerHour: 3 });
    const c = new Client(s.url);
    for (let i = 0; i < 10; i++) expect((await refusedJson(c)).status).toBe(400);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? acceptedJson(c) : plain(c, { testimonial: `At once ${i}` }))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((status) => status === 201 || status === 303)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(97);
    expect(count(s, "testimonials")).toBe(3);
  });
});

describe("refused submissions have a bound of their own", () => {
  it("at REFUSED_SUBMISSIONS_PER_HOUR refused, every submission from the address answers 429 until the hour has passed", async () => {
    const clock = movableClock();
    const s = await start({ submissionsPerHour: 1000, refusedSubmissionsPerHour: 5, now: clock.now });
    const c = new Client(s.url);
    for (let i = 0; i < 3; i++) expect((await refusedJson(c)).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await plain(c, { testimonial: "" })).status).toBe(400);
    for (const res of [await refusedJson(c), await acceptedJson(c)]) {
      expect(res.status).toBe(429);
      expect((await errorBody(res)).message).toMatch(SENTENCE);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3000);
    }
    const page = await plain(c, { testimonial: "Kept words" });
    expect(page.status).toBe(429);
    expect(await page.text()).not.toContain("Kept words");
    expect(count(s, "testimonials")).toBe(0);

    clock.advance(3_600_001);
    expect((await acceptedJson(c)).status).toBe(201);
    expect((await plain(c, { testimonial: "" })).status).toBe(400);
  });

  it("a hundred refused at once are stopped at the bound too", async () => {
    const s = await start({ submissionsPerHour: 1000, refusedSubmissionsPerHour: 5 });
    const c = new Client(s.url);
    const statuses = (await Promise.all(Array.from({ length: 100 }, () => refusedJson(c)))).map((r) => r.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(95);
    expect((await acceptedJson(c)).status).toBe(429);
  });

  it("is set by REFUSED_SUBMISSIONS_PER_HOUR, 100 by default (five times the default of received ones), at least 1", () => {
    expect(loadConfig({})).toMatchObject({ submissionsPerHour: 20, refusedSubmissionsPerHour: 100 });
    expect(loadConfig({ REFUSED_SUBMISSIONS_PER_HOUR: "7" })).toMatchObject({ refusedSubmissionsPerHour: 7 });
    expect(() => loadConfig({ REFUSED_SUBMISSIONS_PER_HOUR: "0" })).toThrow(ConfigError);
  });
});
