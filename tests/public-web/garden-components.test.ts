// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createElement as h } from "react";
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { gardenApiPath, type GardenPageDto, type GardenQuery } from "../../shared/garden";
import { MemorialBrowser } from "../../public-web/components/garden/MemorialBrowser";
import { seedQueries } from "../../public-web/lib/queries";
import http from "node:http";
import { Readable } from "node:stream";
import { bulkUpload } from "../../public-server/commands/importFlowers";
import { uploadCsv } from "../../shared/csv/export";
import type { User } from "../../public-server/entities/User";
import { startTestServer, type TestServer } from "../support/testServer";

/**
 * The garden's list in a DOM without a browser (React Testing Library on
 * happy-dom), against the real server: the view comes from the address,
 * controls are links to other addresses, and a click changes the address in
 * place. The page starts from the server's own answer seeded into the query
 * cache, as the server-rendered page does; later views are fetched from the
 * real server (the page's relative addresses are sent to its loopback port).
 */

let server: TestServer;

/** A GET to the real server through node:http (the DOM's own fetch applies browser origin rules). */
function serverGet(path: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    http
      .get(server.url + path, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () => resolve(new Response(text, { status: res.statusCode, headers: { "Content-Type": String(res.headers["content-type"]) } })));
      })
      .on("error", reject);
  });
}
const fetched: string[] = [];

/** The browser's address (the view changes it in place, through the history API). */
const address = () => window.location.pathname + window.location.search;

function renderAt(url: string) {
  window.history.replaceState(null, "", url);
  return render(h(BrowserRouter, null, h(Routes, null, h(Route, { path: "/garden-of-remembrance", element: h(MemorialBrowser) }))));
}

/** Seeds the cache with the server's answer for a view, as the server-rendered page does. */
async function seed(query: Partial<GardenQuery>) {
  const key = gardenApiPath(query);
  seedQueries({ [key]: (await (await serverGet(key)).json()) as GardenPageDto });
}

const lettersGroup = () => screen.getByRole("group", { name: "Filter by Last Name" });

beforeAll(async () => {
  server = await startTestServer();
  const flowers = [
    ...Array.from({ length: 28 }, (_, i) => ({ babyFirstName: `Grace${i}`, babyLastName: "Lee", flowerType: "lily" })),
    { babyFirstName: "Hope", babyLastName: "Carter", flowerType: "marigold" },
    { babyFirstName: "Zoë", babyLastName: "Núñez", flowerType: "tulip" },
  ];
  // The real bulk-upload command, as the admin's upload runs it.
  const actor = { id: 1, username: "tester", role: "admin" } as User;
  await bulkUpload(server.parts.services, { csv: Readable.from([Buffer.from(uploadCsv(flowers))]) }, actor);
}, 60_000);
afterAll(() => server?.stop());
beforeEach(() => {
  fetched.length = 0;
  vi.stubGlobal("fetch", (input: string) => {
    fetched.push(String(input));
    return serverGet(String(input));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("MemorialBrowser", () => {
  it("renders the seeded view at once, with links that carry each view in the address", async () => {
    await seed({});
    renderAt("/garden-of-remembrance");
    expect(screen.getByRole("heading", { level: 3, name: "30 memorial flowers in the garden" })).toBeTruthy();
    expect(fetched).toEqual([]);
    expect(lettersGroup().querySelector('a[href*="letter=C"]')!.getAttribute("href")).toBe("/garden-of-remembrance?letter=C#memorial-results");
    const previous = screen.getByRole("navigation", { name: "Result pages, above the list" }).querySelector("a")!;
    expect(previous.textContent).toContain("Previous");
    expect(previous.getAttribute("href")).toBe("/garden-of-remembrance?page=3#memorial-results");
    expect(screen.getByRole("link", { name: "Zoë Núñez" }).getAttribute("href")).toMatch(/^\/garden-of-remembrance\/\d+-zoe-nunez$/);
  });

  it("a letter changes the address in place and the heading follows the server's answer, singular for one", async () => {
    await seed({});
    renderAt("/garden-of-remembrance");
    fireEvent.click(lettersGroup().querySelector('a[href*="letter=C"]')!);
    await screen.findByRole("heading", { level: 3, name: '1 memorial with last names beginning with "C"' });
    await waitFor(() => expect(address()).toBe("/garden-of-remembrance?letter=C"));
    expect(fetched).toEqual(["/api/memorial-flowers/garden?letter=C"]);
    expect(lettersGroup().querySelector('[aria-current="true"]')!.textContent).toBe("C");
  });

  it("Clear search empties the search and puts the focus in the search box", async () => {
    await seed({ search: "grace" });
    renderAt("/garden-of-remembrance?search=grace");
    const box = screen.getByRole("searchbox", { name: "Search by Name" }) as HTMLInputElement;
    expect(box.value).toBe("grace");
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Clear search" }));
    });
    await waitFor(() => expect(address()).toBe("/garden-of-remembrance"));
    expect(document.activeElement).toBe(box);
    expect(box.value).toBe("");
  });

  it("typing waits for a pause before the address and the results follow; the search ignores accents", async () => {
    await seed({});
    renderAt("/garden-of-remembrance");
    const box = screen.getByRole("searchbox", { name: "Search by Name" });
    fireEvent.change(box, { target: { value: "nu" } });
    fireEvent.change(box, { target: { value: "nun" } });
    expect(address()).toBe("/garden-of-remembrance");
    await waitFor(() => expect(address()).toBe("/garden-of-remembrance?search=nun"));
    await screen.findByRole("heading", { level: 3, name: 'Showing 1 result for "nun"' });
    expect(fetched).toEqual(["/api/memorial-flowers/garden?search=nun"]);
  });
});
