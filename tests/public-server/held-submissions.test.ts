import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Client, json } from "../support/client";
import { fakeGarden } from "../support/fakeGarden";
import { until } from "../support/until";
import { spawnServer, type SpawnedServer } from "./spawn";
import { startTestServer } from "../support/testServer";
import { cleanupAfterAll } from "../support/cleanup";
import { count, garden120Rows, liveFlower, signedIn, SLOW_TRIGGER, sqlAt as query, writeLockHeld } from "./fixtures";

/**
 * Submissions received while a large write holds the database (kept in the
 * intake, see commands/submissions.ts). One received while a large write held the database was answered
 * once it was in the intake file, on disk; a server killed before moving it
 * into the database moves it at its next start, once, with the team's email.
 * A submission moved just before a crash (its id already recorded with it)
 * is not moved a second time.
 */

const ADMIN = { ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "correct horse battery" };
const ENV = { ...ADMIN, TEAM_EMAIL: "team@example.org", SUBMISSIONS_PER_HOUR: "1000", BACKUP_HOUR: "off", DIGEST_HOUR: "off" };

const countOf = (file: string, table: string, where = "1") => query<{ n: number }>(file, `SELECT count(*) AS n FROM ${table} WHERE ${where}`)[0]!.n;

let crashed: SpawnedServer | undefined;
let restarted: SpawnedServer | undefined;
afterAll(async () => {
  await restarted?.cleanup();
  await crashed?.cleanup();
});

describe("held submissions under kill -9", () => {
  it("are kept on disk before the answer, and moved once at the next start", async () => {
    crashed = await spawnServer(ENV);
    const main = crashed.databasePath;
    const intake = path.join(crashed.dataDir, "garden-intake.sqlite");
    const admin = new Client(crashed.url);
    await admin.login(ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
    query(main, SLOW_TRIGGER);

    const uploading = admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers: fakeGarden(5_000, 9) }).catch(() => undefined);
    await until(() => writeLockHeld(main), "the upload to hold the write lock", 30_000);
    const visitor = new Client(crashed.url);
    const asked = await visitor.post("/api/assistance-requests", {
      firstName: "Crashask",
      lastName: "Held",
      email: "held@private.example",
      phoneNumber: "555-0100",
      comments: "Please call me.",
    });
    expect(asked.status).toBe(201);
    const told = await visitor.post("/api/testimonials", { firstName: "Crashstory", lastName: "Held", testimonial: "Our story." });
    expect(told.status).toBe(201);
    expect(writeLockHeld(main), "the upload ended before the kill").toBe(true);
    expect(countOf(intake, "intake")).toBe(2);

    crashed.child.kill("SIGKILL");
    expect(await crashed.exited).toBe("SIGKILL");
    await uploading;
    expect(countOf(main, "assistance_requests")).toBe(0);

    // As if a move had committed and the server died before it removed the intake row.
    const [story] = query<{ id: string }>(intake, "SELECT id FROM intake WHERE kind = 'testimonial'");
    query(main, "INSERT INTO processed_intake (id) VALUES (?)", story!.id);

    restarted = await spawnServer({ ...ENV, DATA_DIR: crashed.dataDir });
    await until(() => countOf(intake, "intake") === 0, "the intake to be moved at start");
    expect(countOf(main, "assistance_requests", "first_name = 'Crashask'")).toBe(1);
    expect(countOf(main, "outbox", "kind = 'assistance-request'")).toBe(1);
    expect(countOf(main, "testimonials", "first_name = 'Crashstory'")).toBe(0); // moved before the crash, by the test's hand
    expect(countOf(main, "processed_intake")).toBe(2);
    // The killed upload left nothing.
    expect(countOf(main, "memorial_flowers")).toBe(0);
    // Its output never names what the visitor wrote.
    expect(restarted.output()).not.toMatch(/Crashask|held@private/);
  }, 180_000);
});

describe("a held comment whose memorial went meanwhile", () => {
  const { cleanups } = cleanupAfterAll();

  it("is answered as received, then dropped when the reset-and-import that removed its flower ends", async () => {
    const server = await startTestServer({ adminImportKey: "held-key", expectedImportCount: 120 });
    cleanups.push(server.stop);
    const admin = await signedIn(server);
    const { id } = await liveFlower(server, admin, { babyFirstName: "Gone", babyLastName: "Soon" });
    const library = await json<{ id: number }[]>(await new Client(server.url).get("/api/comment-library"));
    query(server.config.databasePath, SLOW_TRIGGER);

    const resetting = admin.post("/api/admin/memorial-flowers/reset-and-import", { csvData: garden120Rows(), adminKey: "held-key" });
    await until(() => writeLockHeld(server.config.databasePath), "the reset to hold the write lock", 30_000);
    const res = await new Client(server.url).post(`/api/memorial-flowers/${id}/comments`, { commenterName: "Held friend", commentLibraryId: library[0]!.id });
    expect(res.status).toBe(201);
    expect(writeLockHeld(server.config.databasePath), "the reset ended before the comment was answered").toBe(true);
    expect((await resetting).status).toBe(200);

    const intake = path.join(server.dataDir, "garden-intake.sqlite");
    await until(() => countOf(intake, "intake") === 0, "the held comment to be looked at");
    expect(count(server, "processed_intake")).toBe(1);
    expect(count(server, "memorial_comments")).toBe(0);
    expect(count(server, "memorial_flowers")).toBe(120);
  }, 120_000);
});
