/**
 * The desktop's bulk update against the real server: the garden downloaded,
 * one flower edited by another volunteer meanwhile, then the file sent back
 * from the desktop app. The update goes as one CSV file with each row's
 * version; the server holds it back and lists the changed flower, and the
 * volunteer's choice (skip or overwrite) is sent with the same file.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DesktopService } from "../../admin-desktop/main/service";
import { PROXY_COULD_NOT_PASS, PROXY_TOO_LARGE } from "../../shared/messages";
import { adminItems, Client } from "../support/client";
import { startTestServer, type TestServer } from "../support/testServer";
import { rowsRead, tempDir, testEncryptor } from "./support";

const LOGIN = { username: "volunteer", password: "correct horse battery" };
const FLOWERS = "/api/admin/memorial-flowers";

let server: TestServer;
let colleague: Client;
let ids: number[];
beforeAll(async () => {
  server = await startTestServer();
  await server.createUser(LOGIN.username, LOGIN.password);
  colleague = new Client(server.url);
  await colleague.login(LOGIN.username, LOGIN.password);
  const res = await colleague.post(`${FLOWERS}/bulk-upload`, {
    flowers: ["Agnes", "Bernard", "Cecily"].map((babyFirstName) => ({ babyFirstName, babyLastName: "Lee", flowerType: "lily" })),
  });
  if (res.status !== 200) throw new Error(await res.text());
  const list = await adminItems<{ id: number; babyFirstName: string }>(colleague, FLOWERS);
  ids = ["Agnes", "Bernard", "Cecily"].map((name) => list.find((f) => f.babyFirstName === name)!.id);
});
afterAll(() => server?.stop());

const lastNames = async () => {
  const list = await adminItems<{ id: number; babyLastName: string; version: number }>(colleague, FLOWERS);
  return ids.map((id) => list.find((f) => f.id === id)!.babyLastName);
};

async function signedInService(sent: string[] = []) {
  const noting = ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    if (String(input).includes("/bulk-update")) sent.push(`${String(input).replace(server.url, "")} ${new Headers(init?.headers).get("Content-Type")}`);
    return fetch(input, init);
  }) as typeof fetch;
  const service = new DesktopService({ dataDir: tempDir(), encryptor: testEncryptor(), platform: "linux", sync: { backoffMs: 1 }, fetch: noting });
  expect(await service.signIn({ serverUrl: server.url, ...LOGIN, remember: false })).toMatchObject({ ok: true });
  return service;
}

describe("bulk update from the desktop app, after another volunteer's edit", () => {
  it("lists the flower changed since with what changed and changes nothing; then skips it, or overwrites it, as chosen", async () => {
    const sent: string[] = [];
    const service = await signedInService(sent);
    const file = await (await colleague.get(`${FLOWERS}/export.csv`)).text();
    const [agnes, bernard] = ids as [number, number];
    const { version } = (await adminItems<{ id: number; version: number }>(colleague, FLOWERS)).find((f) => f.id === bernard)!;
    const edited = await colleague.put(
      `${FLOWERS}/${bernard}`,
      { babyFirstName: "Bernard", babyLastName: "Leigh", flowerType: "lily" },
      { "If-Match": `"${version}"` },
    );
    expect(edited.status).toBe(200);
    const text = file.replace(`${agnes},Agnes,,Lee`, `${agnes},Agnes,,Lee-Smith`);

    const held = await service.bulkUpdate(rowsRead(text));
    expect(held).toEqual({
      ok: true,
      value: {
        message: `The flower with the ID ${bernard} was changed or deleted after this file was downloaded (by someone else, or by an earlier update). Nothing was changed. Choose whether to skip that row or to overwrite it with your file.`,
        count: 0,
        skipped: 0,
        conflicts: {
          total: 1,
          token: expect.stringMatching(/^[0-9a-f]{16}$/),
          listed: [{ id: bernard, deleted: false, changes: [{ column: "Last Name", now: "Leigh", inFile: "Lee" }] }],
        },
      },
    });
    expect(await lastNames()).toEqual(["Lee", "Leigh", "Lee"]);
    const token = held.ok ? held.value.conflicts!.token : "";

    const skipped = await service.bulkUpdate({ ...rowsRead(text), choice: { conflicts: "skip" } });
    expect(skipped).toMatchObject({ ok: true, value: { count: 2, message: expect.stringContaining(`Left out: ID ${bernard}.`) } });
    expect(await lastNames()).toEqual(["Lee-Smith", "Leigh", "Lee"]);

    const overwritten = await service.bulkUpdate({ ...rowsRead(text), choice: { conflicts: "overwrite", seen: token } });
    expect(overwritten).toMatchObject({ ok: true, value: { count: 3, message: expect.stringContaining("was overwritten with your file") } });
    expect(await lastNames()).toEqual(["Lee-Smith", "Lee", "Lee"]);

    // One request each, the file itself: never rows in pieces, never JSON.
    expect(sent).toEqual([
      `${FLOWERS}/bulk-update text/csv; charset=utf-8`,
      `${FLOWERS}/bulk-update?conflicts=skip text/csv; charset=utf-8`,
      `${FLOWERS}/bulk-update?conflicts=overwrite&seen=${token} text/csv; charset=utf-8`,
    ]);
  });

  it("says that the server's proxy refused a file as too large, and what whoever runs the server can change", async () => {
    const service = await signedInService();
    // In front of the server, a proxy refusing bodies with its own answer: nginx's 413 page, or Debian's Caddy 2.6's empty 502.
    let refusal: 413 | 502 = 413;
    const proxy = http.createServer((req, res) => {
      if (req.method === "PUT") {
        if (refusal === 413) res.writeHead(413, { "Content-Type": "text/html" }).end("<html><body><h1>413 Request Entity Too Large</h1></body></html>");
        else res.writeHead(502).end();
        return;
      }
      const upstream = http.request(server.url + req.url, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const viaProxy = new DesktopService({ dataDir: tempDir(), encryptor: testEncryptor(), platform: "linux", sync: { backoffMs: 1 } });
      const address = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      expect(await viaProxy.signIn({ serverUrl: address, ...LOGIN, remember: false })).toMatchObject({ ok: true });
      const result = await viaProxy.bulkUpdate(rowsRead(`ID,First Name,Flower Type\n${ids[2]},Cecily,Lily\n`));
      expect(result).toEqual({ ok: false, error: PROXY_TOO_LARGE, code: "server" });
      expect(PROXY_TOO_LARGE).toMatch(/proxy in front of the server refused this file as too large.*max_size/);
      refusal = 502;
      expect(await viaProxy.bulkUpdate(rowsRead(`ID,First Name,Flower Type\n${ids[2]},Cecily,Lily\n`))).toEqual({
        ok: false,
        error: PROXY_COULD_NOT_PASS,
        code: "server",
      });
    } finally {
      proxy.close();
      await service.signOut();
    }
  });
});
