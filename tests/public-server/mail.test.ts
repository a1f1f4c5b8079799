import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { adminItems, Client, json } from "../support/client";
import type { ServerConfig } from "../../public-server/config";
import { mailFor } from "../../public-server/mail";
import { SmtpCapture } from "./mailSmtp";
import { until } from "../support/until";

// The real server sends to a real SMTP server (smtp-server) on a random port.
const TEAM = ["team.one@example.org", "team.two@example.org"];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-mail-"));
let smtp: SmtpCapture;
let server: TestServer;
let admin: Client;

const settings = (): Partial<ServerConfig> => ({
  dataDir,
  smtpUrl: smtp.url,
  teamEmails: TEAM,
  publicUrl: "https://garden.example.org",
  mailPollMs: 50,
  mailRetryBaseMs: 100,
  mailMaxAttempts: 6,
  digestHour: null,
});

async function start(extra: Partial<ServerConfig> = {}): Promise<void> {
  server = await startTestServer({ ...settings(), ...extra });
  admin = new Client(server.url);
  await server.createUser("mailadmin", "correct horse battery", "admin");
  await admin.login("mailadmin", "correct horse battery");
}

beforeAll(async () => {
  smtp = await SmtpCapture.start();
  await start();
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const visitor = () => new Client(server.url);

async function submitFlower(email: string, babyFirstName: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await visitor().post("/api/memorial-flowers", {
    parentName: "Anna Example",
    email,
    babyFirstName,
    babyMiddleName: "Joseph",
    babyLastName: "Example",
    flowerType: "calla-lily",
    ...extra,
  });
  expect(res.status).toBe(201);
  const list = await adminItems<{ id: number; babyFirstName: string }>(admin, "/api/admin/memorial-flowers");
  return list.find((f) => f.babyFirstName === babyFirstName)!.id;
}

async function requestHelp(firstName: string): Promise<void> {
  const res = await visitor().post("/api/assistance-requests", {
    firstName,
    lastName: "Sample",
    email: `${firstName.toLowerCase()}@example.net`,
    phoneNumber: "(555) 010-9999",
    comments: `Please call ${firstName} this evening.\nWe lost our baby last week.`,
  });
  expect(res.status).toBe(201);
}

type OutboxItem = { id: number; kind: string; to: string; subject: string; attempts: number; lastError: string | null; status: string; sentAt: string | null };
const outbox = async (status: string) => json<OutboxItem[]>(await admin.get(`/api/admin/outbox?status=${status}`));

describe("email through a real SMTP server", () => {
  it("sends one message to the family when their flower is approved, with the baby's name and a garden link", async () => {
    const id = await submitFlower("anna.family@example.com", "Gabriel");
    await mailFor(server.parts.services).drain();
    // Before approval, only the word that it was received (with the family's private link).
    await until(() => smtp.to("anna.family@example.com").length > 0, "the received email");
    expect(smtp.to("anna.family@example.com").map((m) => m.header("Subject"))).toEqual(["We have received Gabriel Joseph Example's memorial flower"]);

    expect((await admin.post(`/api/admin/memorial-flowers/${id}/approve`)).status).toBe(200);
    await until(() => smtp.to("anna.family@example.com").length > 1, "the family's email");
    expect((await admin.post(`/api/admin/memorial-flowers/${id}/approve`)).status).toBe(200); // approving again changes nothing
    // A round of the worker sends everything due, a second message too if approving again had queued one.
    await mailFor(server.parts.services).drain();

    const [, mail, ...more] = smtp.to("anna.family@example.com");
    expect(more).toHaveLength(0);
    expect(mail!.rcptTo).toEqual(["anna.family@example.com"]);
    expect(mail!.user).toBe("garden"); // the credentials in SMTP_URL were used
    expect(mail!.header("Subject")).toContain("Gabriel Joseph Example");
    expect(mail!.header("From")).toContain("no-reply@example.org");
    expect(mail!.text).toContain("Dear Anna Example,");
    expect(mail!.text).toContain(`https://garden.example.org/garden-of-remembrance/${id}-gabriel-joseph-example`);
    expect(mail!.text).toContain("Our Lady of Hope Apostolate (example)");
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);

    const sent = await outbox("sent");
    expect(sent.filter((m) => m.to === "anna.family@example.com")).toMatchObject([
      { kind: "flower-approved", status: "sent", attempts: 1 },
      { kind: "flower-received", status: "sent", attempts: 1 },
    ]);
    // The public garden never carries the address.
    expect(await (await visitor().get("/api/memorial-flowers")).text()).not.toContain("anna.family@example.com");
  });

  it("tells a testimonial's writer when it is posted, only when they left an address", async () => {
    const v = visitor();
    await v.post("/api/testimonials", { firstName: "Maria", lastName: "Writer", testimonial: "Our story.", email: "maria.writer@example.com" });
    await v.post("/api/testimonials", { firstName: "Nora", lastName: "Quiet", testimonial: "Another story." });
    const list = await adminItems<{ id: number; firstName: string }>(admin, "/api/admin/testimonials");
    for (const t of list) expect((await admin.post(`/api/admin/testimonials/${t.id}/approve`)).status).toBe(200);
    await until(() => smtp.to("maria.writer@example.com").length > 0, "the writer's email");
    await mailFor(server.parts.services).drain();
    expect(smtp.to("maria.writer@example.com")).toHaveLength(1);
    expect(smtp.to("maria.writer@example.com")[0]!.text).toContain("Dear Maria,");
    expect(smtp.messages.filter((m) => m.raw.includes("Nora"))).toHaveLength(0);
    const publicList = await (await visitor().get("/api/testimonials")).text();
    expect(publicList).toContain("Maria");
    expect(publicList).not.toContain("maria.writer@example.com");
  });

  it("sends every request for help to all TEAM_EMAIL addresses at once, with its details", async () => {
    await requestHelp("Clara");
    await until(() => smtp.messages.some((m) => m.text.includes("Clara Sample")), "the team's email");
    const mails = smtp.messages.filter((m) => m.text.includes("Clara Sample"));
    expect(mails).toHaveLength(1); // one message addressed to both
    const mail = mails[0]!;
    expect(mail.rcptTo.sort()).toEqual([...TEAM].sort());
    expect(mail.header("Subject")).toMatch(/Clara Sample.*within the hour/);
    expect(mail.header("Reply-To")).toBe("clara@example.net");
    expect(mail.text).toContain("Email: clara@example.net");
    expect(mail.text).toContain("Phone: (555) 010-9999");
    expect(mail.text).toContain("Please call Clara this evening.");
    expect(mail.text).toContain("We lost our baby last week.");
    expect(mail.text).toMatch(/Received: \w+day \d+ \w+ \d{4}, \d\d:\d\d/);
  });

  it("keeps messages while the mail server is down and delivers each exactly once when it is back, across a restart", async () => {
    const before = smtp.messages.length;
    await smtp.close();
    await requestHelp("Dora");
    await requestHelp("Eve");
    const flowerId = await submitFlower("ben.family@example.com", "Raphael");
    await admin.post(`/api/admin/memorial-flowers/${flowerId}/approve`);

    // They wait: pending, their attempts growing, none failed or lost.
    await until(async () => {
      const pending = await outbox("pending");
      return pending.length === 4 && pending.every((m) => m.attempts >= 2);
    }, "four pending messages with growing attempts");
    const pending = await outbox("pending");
    expect(pending.map((m) => m.kind).sort()).toEqual(["assistance-request", "assistance-request", "flower-approved", "flower-received"]);
    expect(pending[0]!.lastError).toMatch(/ECONNREFUSED/);
    expect(await outbox("failed")).toEqual([]);

    // A clean restart on the same database while the mail server is still down.
    await server.stop();
    await smtp.open(); // same port as before
    await start();
    await until(() => smtp.messages.length >= before + 4, "the four held messages");
    // A whole round after them (it waits for the one in hand and its "sent" write); with nothing pending
    // (checked below) the worker has nothing left that could come twice.
    await mailFor(server.parts.services).drain();
    const after = smtp.messages.slice(before);
    expect(after).toHaveLength(4);
    expect(after.filter((m) => m.text.includes("Dora Sample"))).toHaveLength(1);
    expect(after.filter((m) => m.text.includes("Eve Sample"))).toHaveLength(1);
    expect(smtp.to("ben.family@example.com")).toHaveLength(2); // received, then approved
    // Messages sent before the restart were not sent again.
    expect(smtp.to("anna.family@example.com")).toHaveLength(2);
    expect(smtp.messages.filter((m) => m.text.includes("Clara Sample"))).toHaveLength(1);
    expect(await outbox("pending")).toEqual([]);
    expect((await outbox("sent")).length).toBe(8);
  });

  it("sends the daily digest of what waits once a day, even across restarts", async () => {
    await visitor().post("/api/testimonials", { firstName: "Pending", lastName: "Story", testimonial: "Waiting for review." });
    await submitFlower("waiting.family@example.com", "Michael");
    const isDigest = (m: { header(n: string): string }) => m.header("Subject").startsWith("Waiting for review");

    await server.stop();
    await start({ digestHour: 0 }); // any hour of the day is after 00:00
    await until(() => smtp.messages.some(isDigest), "the digest");
    const digest = smtp.messages.find(isDigest)!;
    expect(digest.rcptTo.sort()).toEqual([...TEAM].sort());
    expect(digest.text).toContain("Testimonials to review: 1");
    expect(digest.text).toContain("Memorial flowers to review: 1");
    expect(digest.text).toContain("Requests for help in the last day: 3");
    expect(digest.text).toContain("https://garden.example.org/admin");

    await server.stop();
    await start({ digestHour: 0 });
    // A round checks the digest first, then sends what is due: a second digest would be sent within it.
    await mailFor(server.parts.services).drain();
    expect(smtp.messages.filter(isDigest)).toHaveLength(1);
    expect(await outbox("pending")).toEqual([]);
  });
});
