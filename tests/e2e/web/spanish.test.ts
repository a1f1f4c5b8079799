import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { COMMENT_LIBRARY } from "../../../shared/commentLibrary";
import { FLOWERS } from "../../../shared/flowers";
import { catalogOf, parsePo } from "../../../shared/i18n/po";
import { ABOUT } from "../../../public-web/pages/public/words/about";
import { PRIVACY } from "../../../public-web/pages/public/words/privacy";
import { SUPPORT_DONATION } from "../../../public-web/pages/public/words/supportDonation";
import { SUPPORT_RESOURCES } from "../../../public-web/pages/public/words/supportResources";
import { TERMS } from "../../../public-web/pages/public/words/terms";
import { WHO_WE_ARE } from "../../../public-web/pages/public/words/whoWeAre";
import { PUBLIC_PAGES } from "./sitePages";
import { axeViolations } from "../../support/axe";
import { launchBrowser, newPage, openHydrated } from "../../support/browser";
import { Client } from "../../support/client";
import { ROOT, startTestServer, type TestServer } from "../../support/testServer";
import { liveFlower, signedIn, sql } from "../../public-server/fixtures";

// The site in Spanish, under /es/: every page a visitor can reach there is in Spanish (no English sentence
// of ours left), passes axe, names its English and Spanish versions reciprocally, and its forms answer in
// Spanish with and without JavaScript. Needs the production build: `npm run build`.

/** Every public page, in Spanish. */
const SPANISH_PAGES = PUBLIC_PAGES.map((p) => p.path);

let server: TestServer;
let browser: Browser;
let memorial: string;
let flowerId: number;
/** Words that are the team's in Spanish (site.json's, through siteFor: names, addresses, the Spanish texts), or a name. */
let theirs: Set<string>;

const catalog = catalogOf(parsePo(fs.readFileSync(path.join(ROOT, "shared/i18n/es.po"), "utf8")));
/** Every string of a JSON value. */
const stringsOf = (value: unknown): string[] =>
  typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(stringsOf) : [];

/**
 * Every English sentence of ours whose Spanish differs, without its placeholders' values: none may show
 * on a Spanish page. The catalog's, the long pages' own words, the flowers' and the comment library's.
 */
const english = [
  ...Object.entries(catalog)
    .filter(([id, es]) => id !== es)
    .map(([id]) => id),
  ...[ABOUT, PRIVACY, SUPPORT_DONATION, SUPPORT_RESOURCES, TERMS, WHO_WE_ARE].flatMap((words) =>
    stringsOf(words.en).filter((text) => !stringsOf(words.es).includes(text)),
  ),
  ...FLOWERS.flatMap((f) => [f.label, f.meaning, f.symbolism]),
  ...COMMENT_LIBRARY.map((c) => c.en),
].filter((id) => !id.includes("{"));

beforeAll(async () => {
  expect(fs.existsSync(path.join(ROOT, "dist/ssr/entry-server.js")), "build the site first: npm run build").toBe(true);
  server = await startTestServer();
  const admin = await signedIn(server);
  // Thirteen flowers: two pages of results, a plural count, a letter and a flower filter with results.
  for (let i = 0; i < 13; i++)
    await liveFlower(server, admin, { babyFirstName: `Grace${String.fromCharCode(65 + i)}`, babyLastName: "Lee", flowerType: "pink-rose" });
  const garden = (await (await fetch(`${server.url}/api/memorial-flowers/garden`)).json()) as { flowers: { id: number }[] };
  flowerId = garden.flowers[0]!.id;
  // A comment from the library, left on an English page: the Spanish pages show its Spanish wording.
  const comment = await new Client(server.url).post(`/api/memorial-flowers/${flowerId}/comments`, {
    commenterName: "Lucía",
    commentLibraryId: 1,
    memorialFlowerId: flowerId,
  });
  expect(comment.status).toBe(201);
  const [row] = sql<{ id: number }>(server, "SELECT id FROM memorial_comments WHERE memorial_flower_id = ?", flowerId);
  expect((await admin.post(`/api/admin/memorial-comments/${row!.id}/approve`)).status).toBe(200);
  // A memorial's address with its words: the short one redirects there, in its own language.
  const page = await fetch(`${server.url}/es/garden-of-remembrance/${flowerId}`, { redirect: "manual" });
  const spanish = new URL(page.headers.get("location")!, server.url).pathname;
  expect(spanish).toMatch(/^\/es\/garden-of-remembrance\/\d+-grace[a-m]-lee$/);
  memorial = spanish.slice("/es".length);
  // The team's texts as a Spanish page shows them: their English is shown only where site.json has no Spanish.
  const site = (await (await fetch(`${server.url}/api/site?lang=es`)).json()) as Record<string, unknown>;
  theirs = new Set(stringsOf(site));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The texts a visitor meets on the page (text, and the names and labels read aloud), outside any part marked in another language. */
async function visitorTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const foreign = (el: Element | null) => Boolean(el?.closest("[lang]:not([lang='es']):not(html)"));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || foreign(parent) || parent.closest("script, style, noscript")) continue;
      const text = (node.textContent ?? "").trim();
      if (text) out.push(text);
    }
    for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt], optgroup[label]")) {
      if (foreign(el)) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt", "label"]) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    out.push(document.title, document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "");
    return out;
  });
}

/** English words that mark a sentence as English (none of them is a Spanish word). */
const ENGLISH_WORDS = /\b(the|and|your|you|with|this|our|please|here|what|when|which|would|could|from|have|been|will|about|opens|new|tab|page)\b/i;

/** Texts that are English: one of our English sentences, or a sentence in English words that is not the data's. */
function untranslated(texts: string[]): string[] {
  return texts.filter((text) => {
    if (theirs.has(text) || /^Grace[A-M] Lee$/.test(text)) return false;
    if (english.includes(text)) return true;
    return ENGLISH_WORDS.test(text) && ![...theirs].some((t) => t && text.includes(t));
  });
}

/** Every /es/ page and view a visitor can reach by its address. */
const addresses = () => [
  ...SPANISH_PAGES.map((p) => (p === "/" ? "/es" : `/es${p}`)),
  "/es/garden-of-remembrance?flower=pink-rose&letter=L",
  "/es/garden-of-remembrance?page=2",
  "/es/garden-of-remembrance?search=nadie",
  `/es/garden-of-remembrance?comment=${flowerId}`,
  `/es${memorial}`,
  "/es/garden-of-remembrance/999999-nadie",
  "/es/no-existe",
];

describe("the site in Spanish", () => {
  it("every /es/ page, view, dialog and memorial shows no English sentence of ours, and passes axe", async () => {
    const { page, consoleErrors } = await newPage(browser, server.url);
    const problems: string[] = [];
    for (const address of addresses()) {
      consoleErrors.length = 0;
      await openHydrated(page, address);
      if ((await page.getAttribute("html", "lang")) !== "es") problems.push(`${address}: <html lang> is not es`);
      for (const text of untranslated(await visitorTexts(page))) problems.push(`${address}: English: ${text}`);
      for (const violation of await axeViolations(page)) problems.push(`${address}: axe: ${violation}`);
      for (const error of consoleErrors.filter((e) => !/404|ERR_/.test(e))) problems.push(`${address}: console: ${error.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
    // The garden's count in Spanish, with its plural; a memorial's comments dialog and the flower dialog.
    await openHydrated(page, "/es/garden-of-remembrance");
    await expect.poll(() => page.locator("#memorial-results").innerText()).toBe("13 flores conmemorativas en el jardín");
    await page.locator(".memorial-card__comments").first().click();
    await page.locator("dialog[open]").waitFor();
    await page.locator("dialog[open] .comment-list__text").first().waitFor();
    expect(await page.locator("dialog[open] .comment-list__text").allInnerTexts()).toEqual([COMMENT_LIBRARY[0]!.es]);
    expect(untranslated(await visitorTexts(page))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await openHydrated(page, "/es");
    await page.locator(".flower-picker__button").first().click();
    await page.locator("dialog[open]").waitFor();
    expect(untranslated(await visitorTexts(page))).toEqual([]);
    await page.context().close();
  }, 600_000);

  it("before JavaScript runs, every /es/ page reads in Spanish and passes axe", async () => {
    // The site's scripts never load (axe needs the browser's own JavaScript, so it stays on): the page as the server sent it.
    const { page, context } = await newPage(browser, server.url);
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    const problems: string[] = [];
    for (const address of addresses()) {
      await page.goto(address);
      if (await page.locator("html[data-hydrated]").count()) problems.push(`${address}: the site's scripts ran`);
      if ((await page.getAttribute("html", "lang")) !== "es") problems.push(`${address}: <html lang> is not es`);
      for (const text of untranslated(await visitorTexts(page))) problems.push(`${address}: English: ${text}`);
      for (const violation of await axeViolations(page)) problems.push(`${address}: axe: ${violation}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 600_000);

  it("each page names itself and its other language (en, es, x-default), reciprocally, with its own canonical and <html lang>", async () => {
    const alternates = async (address: string) => {
      const html = await (await fetch(server.url + address)).text();
      const attr = (v: string | undefined) => v?.replace(/&amp;/g, "&");
      const links = Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, attr(m[2])!]));
      return { lang: /<html lang="([^"]+)"/.exec(html)?.[1], canonical: attr(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]), links };
    };
    const origin = ((await (await fetch(`${server.url}/api/site`)).json()) as { siteUrl?: string }).siteUrl?.replace(/\/+$/, "") ?? "";
    for (const bare of [...SPANISH_PAGES, "/garden-of-remembrance?flower=pink-rose&letter=L", "/garden-of-remembrance?page=2", memorial]) {
      const es = bare === "/" ? "/es" : bare.startsWith("/?") ? `/es${bare.slice(1)}` : `/es${bare}`;
      const [en, sp] = [await alternates(bare), await alternates(es)];
      expect(en.lang, bare).toBe("en");
      expect(sp.lang, es).toBe("es");
      expect(en.canonical, bare).toBe(origin + bare);
      expect(sp.canonical, es).toBe(origin + es);
      for (const page of [en, sp]) expect(page.links, bare).toEqual({ en: origin + bare, es: origin + es, "x-default": origin + bare });
    }
    // A page that is not found names no other language.
    expect((await alternates("/es/no-existe")).links).toEqual({});
  });

  it("the language link leads to the same page in the other language, the garden's view kept, and the choice is remembered", async () => {
    const { page, context } = await newPage(browser, server.url, { locale: "en-US" });
    await openHydrated(page, "/garden-of-remembrance?flower=pink-rose");
    // A view changed in place (no navigation): the link follows the address as it is now.
    await page.locator(".letter-filter__button", { hasText: /^L$/ }).click();
    await page.waitForURL(/letter=L/);
    await page.locator("header a[hreflang='es']").click();
    await page.waitForURL(/\/es\/garden-of-remembrance\?/);
    expect(new URL(page.url()).searchParams.get("flower")).toBe("pink-rose");
    expect(new URL(page.url()).searchParams.get("letter")).toBe("L");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await page.locator("h1").innerText()).toBe("Jardín del Recuerdo");
    // Back on an English page, the remembered choice offers Spanish, without moving the visitor.
    await openHydrated(page, "/about-us");
    await page.locator("aside.language-suggestion a").waitFor();
    expect(await page.locator("aside.language-suggestion a").innerText()).toBe("Ver esta página en español");
    expect(new URL(page.url()).pathname).toBe("/about-us");
    await context.close();
  });

  it("a browser that prefers Spanish is offered the Spanish page once, and is never redirected", async () => {
    const { page, context } = await newPage(browser, server.url, { locale: "es-MX" });
    await openHydrated(page, "/");
    await page.locator("aside.language-suggestion").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await openHydrated(page, "/about-us");
    await page.waitForTimeout(300);
    expect(await page.locator("aside.language-suggestion").count()).toBe(0);
    await context.close();
  });
});

describe("the forms in Spanish", () => {
  it("with JavaScript: the schema's messages beside the fields, the server's, and the success, in Spanish", async () => {
    const { page, context } = await newPage(browser, server.url);
    await openHydrated(page, "/es");
    await page.locator("#request-assistance button[type=submit]").click();
    await expect.poll(() => page.locator("#request-assistance .field__error").first().innerText()).toBe("El nombre es obligatorio");
    await page.getByLabel("Nombre (obligatorio)").fill("Ana");
    await page.getByLabel("Apellido (obligatorio)").fill("López");
    await page.getByLabel("Correo electrónico (obligatorio)").fill("ana@example.org");
    await page.getByLabel("Número de teléfono (obligatorio)").fill("555 010 2400");
    await page.getByLabel("Comentarios (obligatorio)").fill("x".repeat(5001));
    await page.locator("#request-assistance button[type=submit]").click();
    await expect.poll(() => page.locator("#request-assistance .field__error").first().innerText()).toMatch(/^Por favor, no pase de [\d.,]+ caracteres$/);
    await page.getByLabel("Comentarios (obligatorio)").fill("Necesitamos ayuda con la sepultura.");
    await page.locator("#request-assistance button[type=submit]").click();
    await page.locator(".form-sent__title").waitFor();
    expect(await page.locator(".form-sent__title").innerText()).toBe("Solicitud enviada");
    expect(await page.locator(".toast__title").first().innerText()).toBe("Solicitud enviada");
    await context.close();
  });

  it("a page whose translations cannot be fetched stays as the server wrote it, in Spanish, rather than drawn again in English", async () => {
    const { page, context, consoleErrors } = await newPage(browser, server.url);
    const asked: string[] = [];
    await page.route(/\/assets\/catalog-es-[\w-]+\.json$/, (route) => {
      asked.push(route.request().url());
      return route.abort("internetdisconnected");
    });
    // Until the network is quiet: the scripts have loaded and run, and would have hydrated by now.
    await page.goto("/es/share-testimonial", { waitUntil: "networkidle" });
    expect(asked).toHaveLength(1);
    expect(await page.locator("html").getAttribute("data-hydrated")).toBeNull();
    await expect.poll(() => page.locator("h1").innerText()).toBe("Comparta su testimonio");
    expect(await page.getByLabel("Nombre (obligatorio)").count()).toBe(1);
    // Only the failed fetch itself is reported.
    expect(consoleErrors.filter((line) => !/catalog-es|ERR_INTERNET_DISCONNECTED/.test(line))).toEqual([]);
    await context.close();
  });

  it("with JavaScript, a server that cannot be reached is said in Spanish", async () => {
    const { page, context } = await newPage(browser, server.url);
    await openHydrated(page, "/es/share-testimonial");
    await page.route("**/api/testimonials", (route) => route.abort("internetdisconnected"));
    await page.getByLabel("Nombre (obligatorio)").fill("Rosa");
    await page.getByLabel("Apellido (obligatorio)").fill("Díaz");
    await page.getByLabel("Su testimonio (obligatorio)").fill("Nuestro hijo vive en nuestro corazón.");
    await page.locator("#share-your-story button[type=submit]").click();
    await expect
      .poll(() => page.locator(".toast").first().innerText())
      .toContain("No pudimos comunicarnos con el servidor. Por favor, revise su conexión e inténtelo de nuevo.");
    await context.close();
  });

  it("the JSON API answers a Spanish page's call in Spanish, and every other call in the English it always had", async () => {
    const visitor = new Client(server.url);
    const spanish = await visitor.post("/api/memorial-flowers", { parentName: "", email: "x" }, { "X-Page-Language": "es" });
    expect(spanish.status).toBe(400);
    const body = (await spanish.json()) as { message: string; errors: { path: string; message: string }[] };
    expect(body.message).toBe("Su nombre es obligatorio");
    expect(body.errors.find((e) => e.path === "email")?.message).toBe("Se necesita un correo electrónico válido");
    expect(body.errors.find((e) => e.path === "flowerType")?.message).toBe("Por favor, elija una de las diez flores");
    const plain = (await (await visitor.post("/api/memorial-flowers", { parentName: "", email: "x" })).json()) as typeof body;
    expect(plain.message).toBe("Your name is required");
    expect(plain.errors.find((e) => e.path === "email")?.message).toBe("A valid email address is required");
    const missing = (await (await visitor.get("/api/memorial-flowers/999999", { "X-Page-Language": "es" })).json()) as { message: string };
    expect(missing.message).toBe("Esta flor conmemorativa no está en el jardín.");
  });

  it("without JavaScript: a refused post comes back with Spanish messages, a received one with the Spanish success", async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/es/garden-of-remembrance");
    await page.locator("#add-flower button[type=submit]").click();
    await page.waitForURL(/\/es\/garden-of-remembrance/);
    expect(await page.getAttribute("html", "lang")).toBe("es");
    const errors = await page.locator("#add-flower .field__error").allInnerTexts();
    expect(errors).toContain("Su nombre es obligatorio");
    expect(errors).toContain("Por favor, elija una de las diez flores");
    await page.getByLabel("Su nombre (obligatorio)").fill("María");
    await page.getByLabel("Correo electrónico (obligatorio)").fill("maria@example.org");
    await page.getByLabel("Nombre del bebé (obligatorio)").fill("Esperanza");
    await page.getByLabel("Apellido del bebé (obligatorio)").fill("G");
    await page.locator("#add-flower input[name=flowerType]").first().check();
    await page.locator("#add-flower button[type=submit]").click();
    await page.locator(".form-sent__title").waitFor();
    expect(new URL(page.url()).pathname).toBe("/es/garden-of-remembrance");
    expect(await page.locator(".form-sent__title").innerText()).toBe("Flor conmemorativa enviada");
    await context.close();
  });

  it("without JavaScript: the testimonial and comment forms answer in Spanish too", async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/es/share-testimonial");
    await page.locator("#share-your-story button[type=submit]").click();
    await page.waitForURL(/\/es\/share-testimonial/);
    expect(await page.locator("#share-your-story .field__error").allInnerTexts()).toEqual([
      "El nombre es obligatorio",
      "El apellido es obligatorio",
      "Por favor, comparta su testimonio",
    ]);
    await page.getByLabel("Nombre (obligatorio)").fill("Rosa");
    await page.getByLabel("Apellido (obligatorio)").fill("Díaz");
    await page.getByLabel("Su testimonio (obligatorio)").fill("Nuestro hijo vive en nuestro corazón.");
    await page.locator("#share-your-story button[type=submit]").click();
    await page.locator(".form-sent__title").waitFor();
    expect(await page.locator(".form-sent__title").innerText()).toBe("Testimonio enviado");
    await page.goto(`/es/garden-of-remembrance?comment=${flowerId}`);
    await page.locator("#leave-comment button[type=submit]").click();
    await page.waitForURL(/\/es\/garden-of-remembrance/);
    expect(await page.locator("#leave-comment .field__error").allInnerTexts()).toEqual(["El nombre es obligatorio", "Por favor, elija un comentario"]);
    await page.locator("#leave-comment").getByLabel("Su nombre (obligatorio)").fill("Lucía");
    await page.locator("#leave-comment select").selectOption({ index: 1 });
    await page.locator("#leave-comment button[type=submit]").click();
    await page.locator(".form-sent__title").waitFor();
    expect(await page.locator(".form-sent__title").innerText()).toBe("Comentario enviado");
    await context.close();
  });
});

describe("with Spanish turned off in site.json", () => {
  let off: TestServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-spanish-off-"));
    const site = JSON.parse(fs.readFileSync(path.join(ROOT, "data/site.json"), "utf8")) as Record<string, unknown>;
    fs.writeFileSync(path.join(dataDir, "site.json"), JSON.stringify({ ...site, languages: ["en"] }));
    off = await startTestServer({ dataDir });
  });

  afterAll(async () => {
    await off?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The languages a page's head names as its versions. */
  const alternates = async (address: string) =>
    [...(await (await fetch(off.url + address)).text()).matchAll(/<link rel="alternate" hreflang="([^"]+)"/g)].map((m) => m[1]);

  it("no page offers Spanish: no language link, no suggestion, no hreflang", async () => {
    // Before JavaScript: the page as sent names no Spanish version and links to none.
    const html = await (await fetch(`${off.url}/about-us`)).text();
    expect(html).not.toMatch(/hreflang="es"/);
    expect(await alternates("/about-us")).toEqual(["en", "x-default"]);
    // Hydrated, for a browser that prefers Spanish: still nothing in the header, the drawer or the footer.
    const { page, context } = await newPage(browser, off.url, { locale: "es-MX" });
    await openHydrated(page, "/about-us");
    await page.waitForTimeout(300);
    expect(await page.locator("a[hreflang='es']").count()).toBe(0);
    expect(await page.locator("aside.language-suggestion").count()).toBe(0);
    expect(await page.locator(".site-footer__legal li").count()).toBe(2);
    await context.close();
  });

  it("an old /es/ address still answers with its Spanish page, which leads back to English", async () => {
    const res = await fetch(`${off.url}/es/about-us`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<html lang="es">/);
    expect(await alternates("/es/about-us")).toEqual(["en", "x-default"]);
    const { page, context } = await newPage(browser, off.url);
    await openHydrated(page, "/es/about-us");
    expect(await page.locator("header a[hreflang='en']").innerText()).toBe("English");
    await context.close();
  });
});
