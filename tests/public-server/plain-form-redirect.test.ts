import { beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { OneTimeNotes } from "../../public-server/lib/oneTimeNotes";
import { count, liveFlower, signedIn } from "./fixtures";
import { cleanupAfterAll } from "../support/cleanup";

/**
 * A visitor form sent without JavaScript that is received answers 303 See Other to its page
 * (Post/Redirect/Get): the page shows the success text once, and a reload (or Back, then Forward)
 * asks for the page again, never the post. A second request for help would send the team a
 * second urgent email.
 */

const { cleanups } = cleanupAfterAll();
let server: TestServer;
let flowerId: number;
let libraryId: number;

beforeAll(async () => {
  server = await startTestServer({ teamEmails: ["team@example.org"] });
  cleanups.push(server.stop);
  const admin = await signedIn(server);
  flowerId = (await liveFlower(server, admin, { babyFirstName: "Rose", babyLastName: "Example" })).id;
  libraryId = (await json<{ id: number }[]>(await new Client(server.url).get("/api/comment-library")))[0]!.id;
});

/** A browser's plain form post: urlencoded, from the site's own page, with the client's cookies. */
const post = (c: Client, path: string, fields: Record<string, string>, headers: Record<string, string> = { Origin: server.url }) =>
  c.request("POST", path, new URLSearchParams(fields).toString(), { "Content-Type": "application/x-www-form-urlencoded", ...headers });

/** The page's text as a reader sees it (tags gone, React's escapes read back). */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

interface Case {
  kind: string;
  page: string;
  fields: () => Record<string, string>;
  /** Where the received post sends the browser. */
  location: () => string;
  title: string;
  message: string;
  table: string;
  /** What was typed: none of it may reach an address or a header. */
  typed: string[];
}

const CASES: Case[] = [
  {
    kind: "assistance",
    page: "/",
    fields: () => ({
      form: "assistance",
      firstName: "Maria",
      lastName: "Private",
      email: "maria@private.example",
      phoneNumber: "555-0100",
      comments: "Please call me about the burial",
      website: "",
    }),
    location: () => "/",
    title: "Request Submitted",
    message: "We have received your assistance request and will contact you shortly.",
    table: "assistance_requests",
    typed: ["Maria", "maria@private.example", "555-0100", "burial"],
  },
  {
    kind: "flower",
    page: "/garden-of-remembrance",
    fields: () => ({
      form: "flower",
      parentName: "Anna Parent",
      email: "anna@private.example",
      babyFirstName: "Lily",
      babyLastName: "P",
      lossDate: "Spring 2024",
      flowerType: "pink-rose",
      emailUpdates: "on",
    }),
    location: () => "/garden-of-remembrance",
    title: "Memorial Flower Submitted",
    message: "Your memorial flower has been submitted for review. You will receive an email confirmation when it's added to the garden.",
    table: "memorial_flowers WHERE approved = 0",
    typed: ["Anna", "anna@private.example", "Lily", "Spring 2024"],
  },
  {
    kind: "comment",
    page: "/garden-of-remembrance",
    fields: () => ({ form: "comment", memorialFlowerId: String(flowerId), commenterName: "Aunt Clara", commentLibraryId: String(libraryId) }),
    location: () => `/garden-of-remembrance?comment=${flowerId}`,
    title: "Comment Submitted",
    message: "Your comment has been submitted for review. It will appear after approval.",
    table: "memorial_comments",
    typed: ["Clara"],
  },
  {
    kind: "testimonial",
    page: "/share-testimonial",
    fields: () => ({
      form: "testimonial",
      firstName: "Teresa",
      lastName: "Private",
      email: "teresa@private.example",
      testimonial: "Our little one taught us love",
    }),
    location: () => "/share-testimonial",
    title: "Testimonial Submitted",
    message: "Thank you for sharing your story. Your testimonial will be reviewed and posted soon.",
    table: "testimonials",
    typed: ["Teresa", "teresa@private.example", "little one"],
  },
];

const rows = (table: string) => {
  const [name, where] = table.split(" WHERE ");
  return count(server, name!, where);
};

describe("a plain form post that is received", () => {
  for (const c of CASES) {
    it(`${c.kind}: answers 303 to its page, which shows "${c.title}" once; reloads post nothing again`, async () => {
      const browser = new Client(server.url);
      const before = rows(c.table);
      const res = await post(browser, c.page, c.fields());
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(c.location());
      expect(res.headers.get("cache-control")).toBe("no-store");
      const cookie = res.headers.getSetCookie().find((line) => line.startsWith("garden.sent="));
      expect(cookie).toMatch(/^garden\.sent=[\w-]{22}; path=\/; .*samesite=lax; httponly$/);
      // Nothing typed in the answer's headers: the address, the cookie (a random id) and the rest.
      const headers = JSON.stringify([...res.headers]).toLowerCase();
      for (const text of c.typed) expect(headers).not.toContain(text.toLowerCase());
      expect(rows(c.table)).toBe(before + 1);

      // The browser follows the redirect with a GET, and sees the form's success text.
      const shown = await browser.get(c.location());
      expect(shown.status).toBe(200);
      expect(shown.headers.get("cache-control")).toBe("no-store");
      const text = textOf(await shown.text());
      expect(text).toContain(c.title);
      expect(text).toContain(c.message);
      expect(shown.headers.getSetCookie().some((line) => line.startsWith("garden.sent=;"))).toBe(true);

      // A reload asks for the page again: the ordinary page, and still one item.
      const reloaded = await browser.get(c.location());
      expect(reloaded.status).toBe(200);
      expect(textOf(await reloaded.text())).not.toContain(c.title);
      // The same cookie sent again (a browser that kept it) shows nothing either: the note was for once.
      const id = /^garden\.sent=([^;]+)/.exec(cookie!)![1]!;
      const replayed = await fetch(server.url + c.location(), { headers: { Cookie: `garden.sent=${id}` } });
      expect(textOf(await replayed.text())).not.toContain(c.title);
      expect(rows(c.table)).toBe(before + 1);
    });
  }

  it("a request for help sends the team one email, however often its page is reloaded", async () => {
    const browser = new Client(server.url);
    const before = count(server, "outbox", "kind = 'assistance-request'");
    const res = await post(browser, "/", { ...CASES[0]!.fields(), firstName: "Reloader" });
    expect(res.status).toBe(303);
    for (let i = 0; i < 3; i++) expect((await browser.get("/")).status).toBe(200);
    expect(count(server, "assistance_requests", "first_name = 'Reloader'")).toBe(1);
    expect(count(server, "outbox", "kind = 'assistance-request'")).toBe(before + 1);
  });

  it("a bot's post (the hidden field filled) is answered the same way, and nothing is kept", async () => {
    const browser = new Client(server.url);
    const res = await post(browser, "/share-testimonial", {
      form: "testimonial",
      firstName: "Bot",
      lastName: "Bot",
      testimonial: "spam",
      website: "http://spam.example",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/share-testimonial");
    expect(textOf(await (await browser.get("/share-testimonial")).text())).toContain("Testimonial Submitted");
    expect(count(server, "testimonials", "first_name = 'Bot'")).toBe(0);
  });

  it("a refused post renders its page with the messages and the values and leaves no note; a received one's note waits for its page", async () => {
    const browser = new Client(server.url);
    const before = count(server, "testimonials");
    const refused = await post(browser, "/share-testimonial", { form: "testimonial", firstName: "Kept", lastName: "Writer", testimonial: "" });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("location")).toBeNull();
    expect(refused.headers.getSetCookie()).toEqual([]);
    const html = await refused.text();
    expect(html).toContain("Please share your testimonial");
    expect(html).toMatch(/value="Kept"/);
    expect(count(server, "testimonials")).toBe(before);

    expect((await post(browser, "/share-testimonial", CASES[3]!.fields())).status).toBe(303);
    // Another page opened first does not use the note up.
    const elsewhere = await browser.get("/");
    expect(textOf(await elsewhere.text())).not.toContain("Submitted");
    expect(elsewhere.headers.getSetCookie()).toEqual([]);
    expect(textOf(await (await browser.get("/share-testimonial")).text())).toContain("Testimonial Submitted");
  });

  it("over HTTPS behind a trusted proxy, the note's cookie is Secure and bound to the host (__Host-)", async () => {
    const proxied = await startTestServer({ trustProxy: 1 });
    cleanups.push(proxied.stop);
    const browser = new Client(proxied.url, { "X-Forwarded-Proto": "https" });
    const res = await browser.request("POST", "/share-testimonial", new URLSearchParams(CASES[3]!.fields()).toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(303);
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-garden\.sent=[\w-]{22}; path=\/; .*samesite=lax; secure; httponly$/);
    expect(textOf(await (await browser.get("/share-testimonial")).text())).toContain("Testimonial Submitted");
  });
});

describe("the notes a received post leaves", () => {
  it("are handed out once, expire, and stay bounded in number", () => {
    let now = 0;
    const notes = new OneTimeNotes<string>(1000, 3, () => now);
    const first = notes.put("a");
    expect(notes.peek(first)).toBe("a");
    expect(notes.take(first)).toBe("a");
    expect(notes.take(first)).toBeUndefined();
    const ids = Array.from({ length: 10 }, (_, i) => notes.put(`n${i}`));
    expect(notes.size).toBe(3);
    expect(notes.take(ids[0]!)).toBeUndefined();
    expect(notes.take(ids[9]!)).toBe("n9");
    now = 1000;
    expect(notes.take(ids[8]!)).toBeUndefined();
    notes.put("later");
    expect(notes.size).toBe(1);
  });
});
