import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { type Client, json } from "../support/client";
import { BULK_BODY_LIMIT } from "../../shared/constants";
import { errorBody, liveFlower, signedIn, sql } from "./fixtures";

/**
 * The garden download sent back as a bulk update, while another volunteer
 * edits a flower in the admin meanwhile: the update knows each row's version
 * from the download, changes nothing and lists the flower (409), then skips
 * or overwrites it as the sender chooses. Sent as the CSV file itself.
 */
const FLOWERS = "/api/admin/memorial-flowers";
const UPDATE = `${FLOWERS}/bulk-update`;
const CSV = { "Content-Type": "text/csv; charset=utf-8" };

let server: TestServer;
let me: Client;
let colleague: Client;
const ids: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  [me, colleague] = await Promise.all([signedIn(server), signedIn(server)]);
  for (const name of ["Anna", "Bede", "Clare", "Dominic"]) {
    ids.push((await liveFlower(server, me, { babyFirstName: name, babyLastName: "Lee", lossDate: "May 2021", flowerType: "lily" })).id);
  }
}, 60_000);
afterAll(() => server.stop());

const flower = (id: number) =>
  sql<{ baby_first_name: string; baby_last_name: string | null; flower_type: string; version: number }>(
    server,
    "SELECT baby_first_name, baby_last_name, flower_type, version FROM memorial_flowers WHERE id = ?",
    id,
  )[0];
const garden = () => sql(server, "SELECT * FROM memorial_flowers ORDER BY id");

const download = async () => {
  const res = await me.get(`${FLOWERS}/export.csv`);
  expect(res.status).toBe(200);
  return res.text();
};

/** Another volunteer's edit in the admin, with the version they saw (If-Match), as the moderation screen sends it. */
async function colleagueEdits(id: number, change: Record<string, string>) {
  const before = flower(id)!;
  const res = await colleague.put(
    `${FLOWERS}/${id}`,
    { babyFirstName: before.baby_first_name, babyLastName: before.baby_last_name, lossDate: "May 2021", flowerType: before.flower_type, ...change },
    { "If-Match": `"${before.version}"` },
  );
  expect(res.status).toBe(200);
}

/** The row of `id` in a downloaded file, with one cell replaced. */
const edit = (file: string, id: number, from: string, to: string) =>
  file
    .split("\r\n")
    .map((line) => (line.startsWith(`${id},`) ? line.replace(from, to) : line))
    .join("\r\n");

describe("a bulk update of the downloaded garden, after another volunteer's edit", () => {
  it("the download carries each flower's version", async () => {
    const file = await download();
    const [header, first] = file.split("\r\n");
    expect(header).toBe("ID,First Name,Middle Name,Last Name,Date of Loss,Flower Type,Version");
    expect(first).toBe(`${ids[0]},Anna,,Lee,May 2021,Lily,${flower(ids[0]!)!.version}`);
  });

  it("changes nothing and lists the flower changed since, with what changed; skip applies the rest; overwrite applies the file", async () => {
    const file = await download();
    await colleagueEdits(ids[1]!, { babyLastName: "Leigh" });
    // My own edits: Anna's last name, and Bede's flower (Bede's last name the colleague changed meanwhile).
    const mine = edit(edit(file, ids[0]!, "Lee", "Lee-Smith"), ids[1]!, "Lily", "Marigold");
    const before = garden();

    const refused = await me.put(UPDATE, mine, CSV);
    expect(refused.status).toBe(409);
    const body = await errorBody(refused);
    expect(body.message).toBe(
      `The flower with the ID ${ids[1]} was changed or deleted after this file was downloaded (by someone else, or by an earlier update). Nothing was changed. Choose whether to skip that row or to overwrite it with your file.`,
    );
    expect(body.conflicts).toEqual({
      total: 1,
      token: expect.stringMatching(/^[0-9a-f]{16}$/),
      listed: [
        {
          id: ids[1],
          deleted: false,
          changes: [
            { column: "Last Name", now: "Leigh", inFile: "Lee" },
            { column: "Flower Type", now: "Lily", inFile: "Marigold" },
          ],
        },
      ],
    });
    expect(garden()).toEqual(before);
    expect(flower(ids[1]!)!.baby_last_name).toBe("Leigh");

    const skipped = await me.put(`${UPDATE}?conflicts=skip`, mine, CSV);
    expect(skipped.status).toBe(200);
    expect(await json(skipped)).toEqual({
      message: `Successfully updated 3 memorial flowers. 1 row was left as it is: changed by someone else since your download. Left out: ID ${ids[1]}.`,
      count: 3,
      skipped: 1,
    });
    expect(flower(ids[0]!)!.baby_last_name).toBe("Lee-Smith");
    expect(flower(ids[1]!)).toMatchObject({ baby_last_name: "Leigh", flower_type: "lily" });

    const overwritten = await me.put(`${UPDATE}?conflicts=overwrite&seen=${body.conflicts!.token}`, mine, CSV);
    expect(overwritten.status).toBe(200);
    expect((await json(overwritten)).message).toBe(
      "Successfully updated 4 memorial flowers. 1 flower changed by someone else since your download was overwritten with your file.",
    );
    expect(flower(ids[1]!)).toMatchObject({ baby_last_name: "Lee", flower_type: "marigold" });
    expect(flower(ids[0]!)!.baby_last_name).toBe("Lee-Smith");
  });

  it("an overwrite covers only the changes its sender was shown: a flower changed again meanwhile is asked about again", async () => {
    const file = await download();
    await colleagueEdits(ids[2]!, { babyLastName: "Lane" });
    const first = await errorBody(await me.put(UPDATE, file, CSV));
    await colleagueEdits(ids[2]!, { babyLastName: "Long" });
    const before = garden();
    const again = await me.put(`${UPDATE}?conflicts=overwrite&seen=${first.conflicts!.token}`, file, CSV);
    expect(again.status).toBe(409);
    const body = await errorBody(again);
    expect(body.message).toMatch(/again since you were asked/);
    expect(body.conflicts!.listed[0]!.changes).toEqual([{ column: "Last Name", now: "Long", inFile: "Lee" }]);
    expect(body.conflicts!.token).not.toBe(first.conflicts!.token);
    expect(garden()).toEqual(before);
    expect((await me.put(`${UPDATE}?conflicts=overwrite&seen=${body.conflicts!.token}`, file, CSV)).status).toBe(200);
    expect(flower(ids[2]!)!.baby_last_name).toBe("Lee");
  });

  it("a flower deleted since is listed as deleted, and stays deleted whichever the choice", async () => {
    const file = await download();
    const gone = ids[3]!;
    const res = await colleague.delete(`${FLOWERS}/${gone}`, { "If-Match": `"${flower(gone)!.version}"` });
    expect(res.status).toBe(200);
    const body = await errorBody(await me.put(UPDATE, file, CSV));
    expect(body.conflicts!.listed).toEqual([{ id: gone, deleted: true, changes: [] }]);
    const overwritten = await me.put(`${UPDATE}?conflicts=overwrite&seen=${body.conflicts!.token}`, file, CSV);
    expect(overwritten.status).toBe(200);
    expect((await json(overwritten)).message).toMatch(new RegExp(`1 row was left out: its flower was deleted since\\. Left out: ID ${gone}\\.`));
    expect(flower(gone)).toBeUndefined();
  });

  it("the same file sent again after it was applied changes nothing and asks nothing", async () => {
    const file = edit(await download(), ids[0]!, "Lee-Smith", "Lee-Jones");
    expect((await me.put(UPDATE, file, CSV)).status).toBe(200);
    const before = garden();
    const again = await me.put(UPDATE, file, CSV);
    expect(again.status).toBe(200);
    expect(garden()).toEqual(before);
  });

  it("rows without a version (a file without the column, or JSON without it) are applied as they are, as before", async () => {
    await colleagueEdits(ids[0]!, { babyLastName: "Colleague" });
    const res = await me.put(UPDATE, `ID,First Name,Last Name,Flower Type\n${ids[0]},Anna,Plain,Lily\n`, CSV);
    expect(res.status).toBe(200);
    expect(flower(ids[0]!)!.baby_last_name).toBe("Plain");
    const viaJson = await me.put(UPDATE, { flowers: [{ id: ids[0], babyFirstName: "Anna", babyLastName: "Json", flowerType: "lily" }] });
    expect(viaJson.status).toBe(200);
    expect(flower(ids[0]!)!.baby_last_name).toBe("Json");
  });

  it("JSON rows with a version get the same check", async () => {
    const { version } = flower(ids[0]!)!;
    await colleagueEdits(ids[0]!, { babyLastName: "Again" });
    const res = await me.put(UPDATE, {
      flowers: [{ id: ids[0], version, babyFirstName: "Anna", babyLastName: "Mine", lossDate: "May 2021", flowerType: "lily" }],
    });
    expect(res.status).toBe(409);
    expect((await errorBody(res)).conflicts!.listed[0]).toMatchObject({ id: ids[0], changes: [{ column: "Last Name", now: "Again", inFile: "Mine" }] });
    expect(flower(ids[0]!)!.baby_last_name).toBe("Again");
  });

  it("two volunteers sending their edits of the same download at once: one is applied, the other is told, not silently undone", async () => {
    const file = await download();
    const mine = edit(file, ids[2]!, ",Lee,", ",Mine,");
    const theirs = edit(file, ids[2]!, ",Lee,", ",Theirs,");
    const answers = await Promise.all([me.put(UPDATE, mine, CSV), colleague.put(UPDATE, theirs, CSV)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? "Mine" : "Theirs";
    expect(flower(ids[2]!)!.baby_last_name).toBe(winner);
    const told = await errorBody(answers.find((r) => r.status === 409)!);
    expect(told.conflicts!.listed).toEqual([
      { id: ids[2], deleted: false, changes: [{ column: "Last Name", now: winner, inFile: winner === "Mine" ? "Theirs" : "Mine" }] },
    ]);
  });

  it("a file naming a flower twice applies both rows in order, as before: the second is not taken for someone else's change", async () => {
    const file = await download();
    const row = file.split("\r\n").find((line) => line.startsWith(`${ids[0]},`))!;
    const twice = `${file.trimEnd()}\r\n${row.replace(/,Anna,/, ",Annie,")}\r\n`;
    const res = await me.put(UPDATE, edit(twice, ids[0]!, ",Anna,", ",Ann,"), CSV);
    expect(res.status).toBe(200);
    expect(flower(ids[0]!)!.baby_first_name).toBe("Annie");
  });

  it("refuses a choice it cannot read, and an overwrite without the token it was shown", async () => {
    const file = await download();
    for (const query of ["?conflicts=maybe", "?conflicts=overwrite", "?conflicts=overwrite&seen=xyz"]) {
      const res = await me.put(`${UPDATE}${query}`, file, CSV);
      expect(res.status, query).toBe(400);
      expect((await errorBody(res)).message).toMatch(/conflicts|seen|overwrite/);
    }
  });

  it("refuses a body above the shared limit with a sentence, as JSON", async () => {
    const row = `${ids[0]},Anna,,Lee,May 2021,Lily,1\n`;
    const big = "ID,First Name,Middle Name,Last Name,Date of Loss,Flower Type,Version\n" + row.repeat(Math.ceil(BULK_BODY_LIMIT.bytes / row.length) + 10);
    const before = garden();
    const res = await me.put(UPDATE, big, CSV);
    expect(res.status).toBe(413);
    expect((await errorBody(res)).message).toBe(
      `This CSV is larger than ${BULK_BODY_LIMIT.text}, more than we can accept in one upload. Please split it into smaller files. Nothing was changed.`,
    );
    expect(garden()).toEqual(before);
  }, 60_000);
});
