import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import type { DomainEvent, Services } from "../../public-server/context";
import type { User } from "../../public-server/entities/User";
import { UserEntity } from "../../public-server/entities/User";
import { eventName } from "../../public-server/events";
import { cacheKey } from "../../public-server/lib/publicCache";
import { approveItem, deleteItem } from "../../public-server/commands/moderation";
import { editFlower } from "../../public-server/commands/flowers";
import { familyChange, revokeLinks } from "../../public-server/commands/family";
import { askCorrection, decideCorrection } from "../../public-server/commands/corrections";
import type { FamilyChange } from "../../public-server/family/changes";
import { GARDEN_PATH } from "../../shared/garden";
import { MODERATED_KINDS } from "../../shared/moderation";
import { KIND } from "../../public-web/pages/admin/moderation";
import { PAGE_DATA, STALE_AFTER, type EventName, type PageDataName } from "../../shared/staleData";
import { ADMIN, assistanceInput, garden120Rows, liveFlower, newestToken, signedIn, sql, submitFlower, testimonialInput } from "./fixtures";

const KEY = "the-import-key";

let server: TestServer;
let s: Services;
let admin: Client;
let actor: User;
const visitor = () => new Client(server.url);
/** The names of the events the server told its hooks, in order (cleared before each write). */
const told: EventName[] = [];

beforeAll(async () => {
  server = await startTestServer({ adminImportKey: KEY, expectedImportCount: 120 }, [
    async (_tx, event: DomainEvent) => {
      told.push(eventName(event));
    },
  ]);
  s = server.parts.services;
  admin = await signedIn(server);
  actor = await s.db.read((_, m) => m.findOneByOrFail(UserEntity, { username: ADMIN.username }));
});
afterAll(() => server.stop());

const entry = (name: string, more: Partial<Record<string, string>> = {}) => ({
  babyFirstName: name,
  babyMiddleName: "",
  babyLastName: "K.",
  lossDate: "Spring 2024",
  flowerType: "lily" as const,
  ...more,
});

const flowerAnswer = async (id: number) => {
  const res = await visitor().get(`/api/memorial-flowers/${id}`);
  return res.status === 200 ? json<{ babyFirstName: string; babyLastName: string | null; commentsOff?: true }>(res) : null;
};
const gardenNames = async () => (await json<{ babyFirstName: string }[]>(await visitor().get("/api/memorial-flowers"))).map((f) => f.babyFirstName);
const commentNames = async (id: number) => {
  const res = await visitor().get(`/api/memorial-flowers/${id}/comments`);
  return res.status === 200 ? (await json<{ commenterName: string }[]>(res)).map((c) => c.commenterName) : null;
};
const testimonials = async () => (await json<{ testimonial: string }[]>(await visitor().get("/api/testimonials"))).map((t) => t.testimonial);
const gardenPage = async () => (await visitor().get(GARDEN_PATH)).text();
const libraryId = async () => (await json<{ id: number }[]>(await visitor().get("/api/comment-library")))[0]!.id;

/** A comment sent by a visitor on flower `flowerId`, answered with its id. */
async function sentComment(flowerId: number, commenterName: string): Promise<number> {
  const res = await visitor().post(`/api/memorial-flowers/${flowerId}/comments`, { commenterName, commentLibraryId: await libraryId() });
  expect(res.status).toBe(201);
  return sql<{ id: number }>(server, "SELECT id FROM memorial_comments WHERE commenter_name = ?", commenterName)[0]!.id;
}

async function sentTestimonial(text: string): Promise<number> {
  expect((await visitor().post("/api/testimonials", testimonialInput({ testimonial: text }))).status).toBe(201);
  return sql<{ id: number }>(server, "SELECT id FROM testimonials WHERE testimonial = ?", text)[0]!.id;
}

/** What a scenario set up before its write: the flower it is about, if any. */
interface Given {
  flower?: number;
}

/** One write that tells the event, and what a visitor sees after it. */
interface Scenario {
  given?(): Promise<Given>;
  write(given: Given): Promise<void>;
  /** What the public answers and pages show once the write answered. */
  shows(given: Given): Promise<void>;
}

/** A family's change to a live flower, and what its memorial's answer says then. */
const family = (change: FamilyChange, shows: (given: Given) => Promise<void>, before: FamilyChange[] = []): Scenario => ({
  given: async () => {
    const { id } = await liveFlower(server, admin, { babyLastName: "Kowalczyk" });
    for (const earlier of before) await familyChange(s, id, earlier);
    return { flower: id };
  },
  write: async ({ flower }) => void (await familyChange(s, flower!, change)),
  shows,
});

const live = async (): Promise<Given> => ({ flower: (await liveFlower(server, admin)).id });
const pending = async (): Promise<Given> => ({ flower: (await submitFlower(server)).id });
/** The flower's answer is as it was: nothing a visitor sees changed. */
const unchanged = async ({ flower }: Given) => expect(await flowerAnswer(flower!)).not.toBeNull();
const unseen = async ({ flower }: Given) => expect(await flowerAnswer(flower!)).toBeNull();

/**
 * One write for each event of the table, in the table's order (the reset comes last: it replaces the
 * garden). Typed by the table: an event added to it without a write here does not build, and the test
 * below also fails at run time.
 */
const SCENARIOS: Record<EventName, Scenario> = {
  "submitted:assistance": {
    write: async () => expect((await visitor().post("/api/assistance-requests", assistanceInput())).status).toBe(201),
    shows: async () => undefined,
  },
  "submitted:flower": {
    write: async () => void (await submitFlower(server, { babyFirstName: "Waitingone" })),
    shows: async () => expect(await gardenNames()).not.toContain("Waitingone"),
  },
  "submitted:comment": {
    given: live,
    write: async ({ flower }) => void (await sentComment(flower!, "Waiting friend")),
    shows: async ({ flower }) => expect(await commentNames(flower!)).toEqual([]),
  },
  "submitted:testimonial": {
    write: async () => void (await sentTestimonial("A story still waiting.")),
    shows: async () => expect(await testimonials()).not.toContain("A story still waiting."),
  },
  "approved:testimonial": {
    write: async () => void (await approveItem(s, "testimonial", await sentTestimonial("A story now told."), undefined, actor)),
    shows: async () => expect(await testimonials()).toContain("A story now told."),
  },
  "approved:flower": {
    given: async () => ({ flower: (await submitFlower(server, { babyFirstName: "Newlyshown" })).id }),
    write: async ({ flower }) => void (await approveItem(s, "flower", flower!, undefined, actor)),
    shows: async ({ flower }) => {
      expect((await flowerAnswer(flower!))?.babyFirstName).toBe("Newlyshown");
      expect(await gardenNames()).toContain("Newlyshown");
      expect(await gardenPage()).toContain("Newlyshown");
    },
  },
  "approved:comment": {
    given: live,
    write: async ({ flower }) => void (await approveItem(s, "comment", await sentComment(flower!, "Kind friend"), undefined, actor)),
    shows: async ({ flower }) => expect(await commentNames(flower!)).toEqual(["Kind friend"]),
  },
  "deleted:testimonial": {
    given: async () => {
      await approveItem(s, "testimonial", await sentTestimonial("A story taken down."), undefined, actor);
      return {};
    },
    write: async () => {
      const id = sql<{ id: number }>(server, "SELECT id FROM testimonials WHERE testimonial = ?", "A story taken down.")[0]!.id;
      await deleteItem(s, "testimonial", id, undefined, actor);
    },
    shows: async () => expect(await testimonials()).not.toContain("A story taken down."),
  },
  "deleted:flower": {
    given: async () => ({ flower: (await liveFlower(server, admin, { babyFirstName: "Takenaway" })).id }),
    write: async ({ flower }) => deleteItem(s, "flower", flower!, undefined, actor),
    shows: async (given) => {
      await unseen(given);
      expect(await gardenNames()).not.toContain("Takenaway");
      expect(await gardenPage()).not.toContain("Takenaway");
    },
  },
  "deleted:comment": {
    given: async () => {
      const given = await live();
      await approveItem(s, "comment", await sentComment(given.flower!, "Removed friend"), undefined, actor);
      return given;
    },
    write: async ({ flower }) => {
      const id = sql<{ id: number }>(server, "SELECT id FROM memorial_comments WHERE memorial_flower_id = ?", flower)[0]!.id;
      await deleteItem(s, "comment", id, undefined, actor);
    },
    shows: async ({ flower }) => expect(await commentNames(flower!)).toEqual([]),
  },
  "edited:flower": {
    given: live,
    write: async ({ flower }) => void (await editFlower(s, flower!, entry("Renamedone"), undefined, actor)),
    shows: async ({ flower }) => {
      expect((await flowerAnswer(flower!))?.babyFirstName).toBe("Renamedone");
      expect(await gardenPage()).toContain("Renamedone");
    },
  },
  "family:withdraw": family("withdraw", unseen),
  "family:restore": family("restore", unchanged, ["withdraw"]),
  "family:comments-off": family("comments-off", async ({ flower }) => expect((await flowerAnswer(flower!))?.commentsOff).toBe(true)),
  "family:comments-on": family("comments-on", async ({ flower }) => expect((await flowerAnswer(flower!))?.commentsOff).toBeUndefined(), ["comments-off"]),
  "family:surname-initial": family("surname-initial", async ({ flower }) => expect((await flowerAnswer(flower!))?.babyLastName).toBe("K.")),
  "family:surname-full": family("surname-full", async ({ flower }) => expect((await flowerAnswer(flower!))?.babyLastName).toBe("Kowalczyk"), [
    "surname-initial",
  ]),
  "family:updates-off": family("updates-off", unchanged),
  "family:updates-on": family("updates-on", unchanged, ["updates-off"]),
  "family:link-only": family("link-only", async (given) => {
    await unchanged(given);
    expect(sql(server, "SELECT id FROM memorial_flowers WHERE id = ? AND link_only = 1", given.flower)).toHaveLength(1);
  }),
  "family:listed": family("listed", unchanged, ["link-only"]),
  "family:search-off": family("search-off", unchanged),
  "family:search-on": family("search-on", unchanged, ["search-off"]),
  "family:delete": family("delete", unseen),
  "family-link:sent": {
    given: live,
    write: async ({ flower }) =>
      expect((await admin.post(`/api/admin/memorial-flowers/${flower}/family-link`, { email: "family@private.example" })).status).toBe(200),
    shows: unchanged,
  },
  "family-link:revoked": {
    given: async () => {
      const given = await live();
      await admin.post(`/api/admin/memorial-flowers/${given.flower}/family-link`, { email: "family@private.example" });
      await newestToken(server); // the link exists once its email is sent
      return given;
    },
    write: async ({ flower }) => expect(await revokeLinks(s, flower!, actor)).toBeGreaterThan(0),
    shows: unchanged,
  },
  "correction:asked": {
    given: live,
    write: async ({ flower }) => expect(await askCorrection(s, flower!, entry("Askedname"))).toBe("asked"),
    shows: async ({ flower }) => expect((await flowerAnswer(flower!))?.babyFirstName).not.toBe("Askedname"),
  },
  "correction:applied": {
    given: pending,
    write: async ({ flower }) => expect(await askCorrection(s, flower!, entry("Appliedname"))).toBe("applied"),
    shows: unseen,
  },
  "correction:withdrawn": {
    given: async () => {
      const given = await live();
      await askCorrection(s, given.flower!, entry("Thoughtbetter"));
      return given;
    },
    write: async ({ flower }) => {
      const [now] = sql<{ n: string }>(server, "SELECT baby_first_name AS n FROM memorial_flowers WHERE id = ?", flower);
      expect(await askCorrection(s, flower!, entry(now!.n))).toBe("same");
    },
    shows: unchanged,
  },
  "correction:approved": {
    given: async () => {
      const given = await live();
      await askCorrection(s, given.flower!, entry("Correctedname"));
      return given;
    },
    write: async ({ flower }) => decideCorrection(s, flower!, true, undefined, actor),
    shows: async ({ flower }) => {
      expect((await flowerAnswer(flower!))?.babyFirstName).toBe("Correctedname");
      expect(await gardenPage()).toContain("Correctedname");
    },
  },
  "correction:declined": {
    given: async () => {
      const given = await live();
      await askCorrection(s, given.flower!, entry("Declinedname"));
      return given;
    },
    write: async ({ flower }) => decideCorrection(s, flower!, false, undefined, actor),
    shows: async ({ flower }) => expect((await flowerAnswer(flower!))?.babyFirstName).not.toBe("Declinedname"),
  },
  "imported:bulk-upload": {
    write: async () => expect((await admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers: [entry("Uploadedone")] })).status).toBe(200),
    shows: async () => {
      expect(await gardenNames()).toContain("Uploadedone");
      expect(await gardenPage()).toContain("Uploadedone");
    },
  },
  "imported:bulk-update": {
    given: live,
    write: async ({ flower }) =>
      expect((await admin.put("/api/admin/memorial-flowers/bulk-update", { flowers: [{ id: flower, ...entry("Bulkrenamed") }] })).status).toBe(200),
    shows: async ({ flower }) => {
      expect((await flowerAnswer(flower!))?.babyFirstName).toBe("Bulkrenamed");
      expect(await gardenPage()).toContain("Bulkrenamed");
    },
  },
  "imported:reset": {
    given: live,
    write: async () => expect((await admin.post("/api/admin/memorial-flowers/reset-and-import", { csvData: garden120Rows(), adminKey: KEY })).status).toBe(200),
    shows: async (given) => {
      await unseen(given);
      expect(await gardenNames()).toHaveLength(120);
    },
  },
};

/** One answer or page of each kind of data (its address, its data, its cache key), for the flower `id`. */
function addresses(id: number | undefined): [string, PageDataName, string][] {
  return [
    ["/api/memorial-flowers", "garden", cacheKey("garden", "all")],
    ["/api/memorial-flowers/garden", "garden", cacheKey("garden", "view:")],
    ["/api/testimonials", "testimonials", cacheKey("testimonials")],
    ["/api/comment-library", "library", cacheKey("library")],
    [GARDEN_PATH, "gardenPages", cacheKey("gardenPages", GARDEN_PATH)],
    ["/", "pages", cacheKey("pages", "/")],
    ...(id === undefined
      ? []
      : ([
          [`/api/memorial-flowers/${id}`, "garden", cacheKey("garden", `one:${id}`)],
          [`/api/memorial-flowers/${id}/comments`, "comments", cacheKey("comments", String(id))],
        ] as [string, PageDataName, string][])),
  ];
}

/** The answers and pages of `addresses`, asked for so that the cache keeps them: their keys and data. */
async function warm(id: number | undefined): Promise<Map<string, PageDataName>> {
  const kept = new Map<string, PageDataName>();
  for (const [address, data, key] of addresses(id)) {
    await visitor().get(address);
    if (s.cache.peek(key)) kept.set(key, data);
  }
  return kept;
}

describe("what each write makes stale (shared/staleData.ts)", () => {
  it("has a write for every event of the table, and the table names only data the server caches", () => {
    expect(Object.keys(SCENARIOS)).toEqual(Object.keys(STALE_AFTER));
    for (const data of Object.values(STALE_AFTER).flat()) expect(Object.keys(PAGE_DATA)).toContain(data);
  });

  for (const name of Object.keys(STALE_AFTER) as EventName[]) {
    it(`${name}: the write drops what shows it, keeps the rest, and the pages show the change`, async () => {
      const scenario = SCENARIOS[name];
      expect(scenario, `no write in this test tells "${name}"`).toBeDefined();
      const given = (await scenario.given?.()) ?? {};
      const warmed = await warm(given.flower);
      // Every kind of data the table names was in the cache before the write (else dropping it proves nothing).
      for (const data of ["garden", "testimonials", "library", "gardenPages", "pages"] as const) expect([...warmed.values()]).toContain(data);
      const before = new Map([...warmed.keys()].map((key) => [key, s.cache.peek(key)]));
      told.length = 0;
      await scenario.write(given);
      expect(told).toContain(name);

      const stale = new Set<PageDataName>(told.flatMap((event) => STALE_AFTER[event]));
      for (const [key, data] of warmed) {
        if (stale.has(data)) expect(s.cache.peek(key), `${key} after ${name}`).toBeUndefined();
        else expect(s.cache.peek(key), `${key} after ${name}`).toBe(before.get(key));
      }
      await scenario.shows(given);
    });
  }
});

/** Whether flower `id`'s share picture is stored. */
const drawn = (id: number) => {
  const folder = path.join(server.dataDir, "previews", String(id));
  return fs.existsSync(folder) && fs.readdirSync(folder).some((f) => f.endsWith(".png"));
};

describe("a write rolled back", () => {
  it("leaves the cached answers and pages, and the share pictures, as they were", async () => {
    const { id } = await liveFlower(server, admin, { babyFirstName: "Stayshere" });
    await expect.poll(() => drawn(id), { timeout: 10_000 }).toBe(true);
    const warmed = await warm(id);
    const before = new Map([...warmed.keys()].map((key) => [key, s.cache.peek(key)]));

    // A hook after all the others fails: the removal and everything its events wrote roll back.
    let failing = true;
    s.hooks.push(async () => {
      if (failing) throw new Error("the disk went away");
    });
    await expect(deleteItem(s, "flower", id, undefined, actor)).rejects.toThrow("the disk went away");
    failing = false;
    for (const [key, entry] of before) expect(s.cache.peek(key), key).toBe(entry);
    expect((await flowerAnswer(id))?.babyFirstName).toBe("Stayshere");

    // The next write that commits does what it says, and nothing of the one rolled back.
    const next = await liveFlower(server, admin, { babyFirstName: "Comesnext" });
    await expect.poll(() => drawn(next.id), { timeout: 10_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200)); // what the commit started has had time to happen
    expect(drawn(id)).toBe(true);
    expect((await visitor().get(`/api/memorial-flowers/${id}/preview.png`)).status).toBe(200);
  });
});

describe("the web admin's refresh after an approval or a removal", () => {
  it("covers every answer the server made stale, and names only answers the server has", async () => {
    const { id } = await liveFlower(server, admin);
    await approveItem(s, "comment", await sentComment(id, "Listed friend"), undefined, actor);
    const answers = addresses(id).filter(([address]) => address.startsWith("/api/"));
    for (const kind of MODERATED_KINDS) {
      const refreshed = KIND[kind].publicKeys;
      for (const event of [`approved:${kind}`, `deleted:${kind}`] as const) {
        for (const [address, data] of answers) {
          if (STALE_AFTER[event].some((stale) => stale === data))
            expect(
              refreshed.some((key) => address.startsWith(key)),
              `${address} after ${event}`,
            ).toBe(true);
        }
      }
      for (const key of refreshed)
        expect(
          answers.some(([address]) => address.startsWith(key)),
          `${key} refreshed for ${kind}`,
        ).toBe(true);
    }
  });
});

describe("public answers declared with the data they show", () => {
  it("keeps nothing for a flower that is not in the garden, however many are asked for", async () => {
    const before = s.cache.usage.entries;
    for (let id = 900_000; id < 900_200; id++) expect((await visitor().get(`/api/memorial-flowers/${id}`)).status).toBe(404);
    expect(s.cache.usage.entries).toBe(before);
  });

  it("answers a memorial page not in the garden from the cache, under any spelling of its address, before anything is read", async () => {
    const first = await visitor().get(`${GARDEN_PATH}/987654-someone`);
    expect(first.status).toBe(404);
    // The flowers out of reach: only a page that reads nothing can still be given.
    sql(server, "ALTER TABLE memorial_flowers RENAME TO memorial_flowers_away");
    try {
      for (const address of [`${GARDEN_PATH}/987654-someone`, `${GARDEN_PATH}/987654-another-name`, `${GARDEN_PATH}/987654`]) {
        const again = await visitor().get(address);
        expect(again.status, address).toBe(404);
        expect(again.headers.get("etag"), address).toBe(first.headers.get("etag"));
      }
    } finally {
      sql(server, "ALTER TABLE memorial_flowers_away RENAME TO memorial_flowers");
    }
  });
});
