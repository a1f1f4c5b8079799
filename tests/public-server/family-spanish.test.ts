import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { mailFor } from "../../public-server/mail";
import { cleanupAfterAll } from "../support/cleanup";
import { until } from "../support/until";
import { FAMILY_TOKEN, liveFlower, newestToken, signedIn, sql, submitFlower } from "./fixtures";
import { FAMILY_PAGE_WORDS } from "../../public-server/family/words";
import { readCsvRecords } from "../../shared/csv";

// A family's private pages speak the language of their address, as the rest of the site does (/es/… is
// Spanish); a family who wrote in Spanish is linked and sent to the Spanish addresses, and reads the
// monthly update in Spanish. An English family's pages and emails stay as they were.

const { cleanups } = cleanupAfterAll();

const MANAGE = "/manage-memorial";
const ES_MANAGE = "/es/manage-memorial";

/**
 * The server's clock, moved by the test: 31 January 2027 at 03:00 UTC is still the 30th in Chicago (the
 * organisation's zone), so a memorial withdrawn then can be brought back until 1 March, not 2 March.
 */
const WITHDRAWN_AT = new Date("2027-01-31T03:00:00.000Z");

async function server(): Promise<TestServer> {
  const s = await startTestServer({ now: () => WITHDRAWN_AT });
  cleanups.push(s.stop);
  return s;
}

const sameSite = (s: TestServer) => ({ Origin: s.url, "Content-Type": "application/x-www-form-urlencoded" });

/** Opens the link as a browser does, and answers the client (with its cookies) and where the 303 sent it. */
async function open(s: TestServer, address: string): Promise<{ family: Client; location: string | null; cookies: string[] }> {
  const family = new Client(s.url);
  const res = await family.get(address);
  expect(res.status).toBe(303);
  return { family, location: res.headers.get("location"), cookies: res.headers.getSetCookie() };
}

/** The outbox rows of a kind, newest last, as stored (the words; the private link is filled in as it is sent). */
const stored = (s: TestServer, kind: string) =>
  sql<{ subject: string; text: string; html: string; to_address: string }>(s, "SELECT * FROM outbox WHERE kind = ? ORDER BY id", kind);

const ENGLISH = /\b(Your baby's memorial|Withdraw|memorial flower|Garden of Remembrance|Please|Send|Stop|the updates)\b/;

describe("the manage page in the family's language", () => {
  it("a Spanish family's link opens the Spanish page, whose every part and answer is in Spanish, with Spanish dates", async () => {
    const s = await server();
    // The team gave the site's short name in Spanish: the Spanish pages' titles carry it.
    const file = path.join(s.dataDir, "site.json");
    const site = JSON.parse(fs.readFileSync(file, "utf8"));
    fs.writeFileSync(file, JSON.stringify({ ...site, translations: { es: { ...site.translations.es, shortName: "Nuestra Señora" } } }, null, 2));
    await until(
      async () => (await json<{ shortName: string }>(await new Client(s.url).get("/api/site?lang=es"))).shortName === "Nuestra Señora",
      "site.json read",
      10_000,
    );
    const admin = await signedIn(s);
    const { id } = await liveFlower(s, admin, {
      language: "es",
      parentName: "Lucía Ejemplo",
      email: "lucia@example.com",
      babyFirstName: "Sofía",
      babyLastName: "Ejemplo",
      flowerType: "calla-lily",
      lossDate: "marzo de 2026",
    });
    const token = await newestToken(s);
    // The emails link the Spanish page; a link from before (the English address) opens it too.
    const approved = stored(s, "flower-approved").at(-1)!;
    expect(approved.text).toContain(`${ES_MANAGE}[[family-link:${id}]]`);
    const { family, location, cookies } = await open(s, `${MANAGE}?token=${token}`);
    expect(location).toBe(ES_MANAGE);
    // The page's cookie goes to the manage page in each language, and nowhere else.
    expect(cookies.map((c) => /path=([^;]+)/i.exec(c)![1]).sort()).toEqual([ES_MANAGE, ES_MANAGE, MANAGE, MANAGE]);

    const res = await family.get(ES_MANAGE);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('<html lang="es">');
    expect(page).toContain("<h1>La página en memoria de Sofía Ejemplo</h1>");
    expect(page).toContain("<title>La página en memoria de su bebé | Nuestra Señora</title>");
    expect(page).toContain("Alcatraz o cala · marzo de 2026");
    expect(page).toContain(`<a href="/es/garden-of-remembrance/${id}-sofia-ejemplo">Visitar la página en memoria</a>`);
    expect(page).toContain('<label for="babyFirstName">Nombre del bebé</label>');
    expect(page).toContain(`<form method="post" action="${ES_MANAGE}">`);
    expect(page).toContain('<a href="/manage-memorial" hreflang="en" lang="en">English</a>');
    expect(page).not.toMatch(ENGLISH);
    // The notes' choice, with the months named in Spanish.
    expect(page).toContain("Notas de recuerdo en las fechas que usted elija");
    expect(page).toContain('<option value="1">enero</option>');
    expect(page).toContain("Día del Recuerdo de la Pérdida Gestacional e Infantil, 15 de octubre");

    // A correction with the baby's name left out: the sentence beside the field is the catalog's Spanish.
    const wrong = await family.post(ES_MANAGE, "change=correct&babyFirstName=&babyLastName=Ejemplo&flowerType=lily", sameSite(s));
    expect(wrong.status).toBe(400);
    const sentBack = await wrong.text();
    expect(sentBack).toContain('<p class="problem" id="babyFirstName-problem">El nombre es obligatorio</p>');
    expect(sentBack).toContain("Por favor, revise los campos señalados abajo.");

    // Withdrawn: the page answers at its Spanish address, and names the last day as Chicago counts it.
    const withdraw = await family.post(ES_MANAGE, "change=withdraw", sameSite(s));
    expect(withdraw.status).toBe(303);
    expect(withdraw.headers.get("location")).toBe(`${ES_MANAGE}?done=withdraw`);
    const after = await (await family.get(`${ES_MANAGE}?done=withdraw`)).text();
    expect(after).toContain("La página está retirada. Ahora nadie puede verla.");
    expect(after).toContain("Puede recuperarla hasta el 1 de marzo de 2027;");
    expect(after).toContain("Recuperar la página");
    const note = stored(s, "family-note").at(-1)!;
    expect(note.text).toContain("hasta el 1 de marzo de 2027;");

    // The same page in English, through its language link: the cookie holds there too.
    const english = await (await family.get(MANAGE)).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain("You can bring it back until March 1, 2027;");
    expect(english).toContain('<a href="/es/manage-memorial" hreflang="es" lang="es">Español</a>');

    // Deleting everything is confirmed in Spanish, and said done in Spanish.
    const ask = await family.post(ES_MANAGE, "change=delete", sameSite(s));
    expect(ask.headers.get("location")).toBe(`${ES_MANAGE}?confirm=delete`);
    const confirm = await (await family.get(`${ES_MANAGE}?confirm=delete`)).text();
    expect(confirm).toContain("¿Eliminar todo lo relacionado con esta página?");
    expect(confirm).toContain("<li>la flor en memoria de Sofía Ejemplo y su página</li>");
    expect(confirm).not.toMatch(ENGLISH);
    const gone = await family.post(ES_MANAGE, "change=delete&confirm=yes", sameSite(s));
    expect(gone.headers.get("location")).toBe(`${ES_MANAGE}?done=delete`);
    const deleted = await (await family.get(`${ES_MANAGE}?done=delete`)).text();
    expect(deleted).toContain("<h1>Todo se ha eliminado</h1>");
  });

  it("an English family reads the page as before, and in Spanish at its Spanish address; a link that no longer works is answered in the address's language", async () => {
    const s = await server();
    const admin = await signedIn(s);
    await liveFlower(s, admin, { babyFirstName: "Theodore", babyLastName: "Whitfield", email: "theo@example.com" });
    const token = await newestToken(s);
    const approved = stored(s, "flower-approved").at(-1)!;
    expect(approved.text).toMatch(/\shttps?:\/\/[^/\s]+\/manage-memorial\[\[family-link:\d+\]\]/);
    const { family, location } = await open(s, `${ES_MANAGE}?token=${token}`);
    expect(location).toBe(MANAGE);
    const english = await (await family.get(MANAGE)).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain("<h1>Theodore Whitfield&#39;s memorial</h1>");
    expect(english).toContain('<option value="1">January</option>');
    const spanish = await (await family.get(`${ES_MANAGE}/`)).text();
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain("<h1>La página en memoria de Theodore Whitfield</h1>");
    expect(spanish).toContain("Azucena");

    // Without a working link.
    const ended = await open(s, `${ES_MANAGE}?token=${"x".repeat(43)}`);
    expect(ended.location).toBe(`${ES_MANAGE}?link=ended`);
    const endedPage = await (await new Client(s.url).get(`${ES_MANAGE}?link=ended`)).text();
    expect(endedPage).toContain('<html lang="es">');
    expect(endedPage).toContain("<h1>Este enlace ya no funciona</h1>");
    expect(endedPage).toContain(`<form method="post" action="${ES_MANAGE}/email-link">`);
    expect(endedPage).toContain('<a href="/es">Volver a la página principal</a>');
    expect(endedPage).not.toMatch(ENGLISH);
    const asked = await new Client(s.url).post(`${ES_MANAGE}/email-link`, "email=theo%40example.com", sameSite(s));
    expect(asked.headers.get("location")).toBe(`${ES_MANAGE}?sent=1`);
    const sent = await (await new Client(s.url).get(`${ES_MANAGE}?sent=1`)).text();
    expect(sent).toContain("<h1>Por favor, revise su correo</h1>");
    // The link it sent is the family's, in their language: English.
    await mailFor(s.parts.services).drain();
    expect(stored(s, "family-link").at(-1)!.text).toMatch(/\/manage-memorial\[\[family-link:\d+\]\]/);
    expect(stored(s, "family-link").at(-1)!.text).not.toContain("/es/");
    expect(await (await new Client(s.url).get(`${MANAGE}?link=ended`)).text()).toContain("<h1>This link no longer works</h1>");
  });

  it("a change the page does not offer (an old or altered page) is answered with a small page in the address's language, not JSON", async () => {
    const s = await server();
    const admin = await signedIn(s);
    await liveFlower(s, admin, { language: "es", email: "lucia@example.com" });
    const { family } = await open(s, `${ES_MANAGE}?token=${await newestToken(s)}`);
    const browser = { ...sameSite(s), Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const spanish = await family.post(ES_MANAGE, "change=replant", browser);
    expect(spanish.status).toBe(400);
    expect(spanish.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await spanish.text();
    expect(page).toContain('<html lang="es">');
    expect(page).toContain("<h1>No pudimos enviar esto</h1>");
    expect(page).toContain("No pudimos saber qué cambio eligió. Por favor, vuelva a la página e inténtelo de nuevo.");
    expect(page).toContain(`<a href="${ES_MANAGE}">Volver a la página</a>`);
    expect(page).not.toMatch(ENGLISH);
    const english = await (await family.post(MANAGE, "change=replant", browser)).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain("We could not tell which change you chose.");
    // A program asking for JSON still gets the site's JSON answer.
    expect(await json(await family.post(ES_MANAGE, "change=replant", sameSite(s)))).toMatchObject({ error: "bad_request" });
  });
});

describe("with Spanish turned off in site.json", () => {
  it("a Spanish family's link, even at a Spanish address from an earlier email, opens the English page, which offers no Spanish", async () => {
    const s = await server();
    const file = path.join(s.dataDir, "site.json");
    const site = JSON.parse(fs.readFileSync(file, "utf8"));
    fs.writeFileSync(file, JSON.stringify({ ...site, languages: ["en"] }, null, 2));
    await until(
      async () => (await json<{ languages: string[] }>(await new Client(s.url).get("/api/site"))).languages.join() === "en",
      "site.json read",
      10_000,
    );
    const admin = await signedIn(s);
    await liveFlower(s, admin, { language: "es", babyFirstName: "Tomás", email: "tomas@example.com" });
    expect(stored(s, "flower-approved").at(-1)!.text).not.toContain("/es/");
    const { family, location, cookies } = await open(s, `${ES_MANAGE}?token=${await newestToken(s)}`);
    expect(location).toBe(MANAGE);
    // The cookie goes to the English address only: no Spanish page is offered.
    expect(cookies.map((c) => /path=([^;]+)/i.exec(c)![1])).toEqual([MANAGE, MANAGE]);
    const page = await (await family.get(MANAGE)).text();
    expect(page).toContain('<html lang="en">');
    expect(page).not.toContain("Español");
    expect(page).not.toContain("/es/");
    // A Spanish address of these pages still answers, in English, with the way to a new link.
    const spanish = await new Client(s.url).get(`${ES_MANAGE}?link=ended`);
    expect(spanish.status).toBe(200);
    const ended = await spanish.text();
    expect(ended).toContain("<h1>This link no longer works</h1>");
    expect(ended).toContain(`<form method="post" action="${MANAGE}/email-link">`);
  });
});

describe("the monthly update and its unsubscribe page in the family's language", () => {
  it("a Spanish family reads the update in Spanish (the Spanish version when written, else Spanish words around the English), and stops it on a Spanish page", async () => {
    const s = await server();
    const admin = await signedIn(s);
    await submitFlower(s, { language: "es", parentName: "Lucía Ejemplo", babyFirstName: "Sofía", email: "lucia@example.com", emailUpdates: true });
    await submitFlower(s, { parentName: "Maren Holt", babyFirstName: "Linnea", email: "maren@example.com", emailUpdates: true });
    const update = {
      subject: "News from the garden, February",
      text: "Our Lenten evening of prayer is on 17 February.",
      spanish: { subject: "Noticias del jardín, febrero", text: "Nuestra noche de oración de Cuaresma es el 17 de febrero." },
      sendKey: "update-2027-02-abcdefgh",
    };
    const preview = await json<{ text: string; recipients: number; spanish: { text: string; recipients: number } | null }>(
      await admin.post("/api/admin/updates/preview", update),
    );
    expect(preview.recipients).toBe(2);
    expect(preview.text).toContain("Our Lenten evening of prayer is on 17 February.");
    expect(preview.spanish?.recipients).toBe(1);
    expect(preview.spanish?.text).toContain("Nuestra noche de oración de Cuaresma es el 17 de febrero.");
    expect((await admin.post("/api/admin/updates/preview", { ...update, spanish: { subject: "Noticias", text: " " } })).status).toBe(400);

    // The list for a mailer of the team's own says each address's language.
    const { records } = readCsvRecords(await (await admin.get("/api/admin/mailing-list.csv")).text());
    expect(records[0]!.at(-1)).toBe("Language");
    expect(records.slice(1).map((r) => [r[1], r.at(-1)])).toEqual([
      ["lucia@example.com", "es"],
      ["maren@example.com", "en"],
    ]);

    expect((await json<{ queued: number }>(await admin.post("/api/admin/updates/send", update))).queued).toBe(2);
    const sent = stored(s, "monthly-update");
    const lucia = sent.find((m) => m.to_address.includes("lucia@example.com"))!;
    const maren = sent.find((m) => m.to_address.includes("maren@example.com"))!;
    expect(lucia.subject).toBe("Noticias del jardín, febrero");
    expect(lucia.text).toContain("Querido(a) Lucía Ejemplo:\n\nNuestra noche de oración de Cuaresma es el 17 de febrero.\n\nCon cariño,\n");
    expect(lucia.text).toContain("Usted recibe nuestras noticias mensuales porque las pidió con la flor en memoria de su bebé.");
    expect(lucia.html).toContain(">Dejar de recibir las noticias mensuales</a>");
    expect(lucia.text).not.toMatch(/Dear|Lenten|monthly updates|Stop/);
    const stop = /(\/es\/manage-memorial\/stop-updates\?token=\d+\.[A-Za-z0-9_-]{43})/.exec(lucia.text)![1]!;
    expect(maren.subject).toBe("News from the garden, February");
    expect(maren.text).toContain("Dear Maren Holt,\n\nOur Lenten evening of prayer is on 17 February.\n\nWith warm regards,\n");
    expect(maren.text).toContain('To stop them, press "Unsubscribe" in your mail program, or open this link:');
    expect(maren.text).toMatch(/\shttps?:\/\/[^/\s]+\/manage-memorial\/stop-updates\?token=/);

    // Without a Spanish version, the Spanish family reads the English update with their greeting and the way out in Spanish.
    const plain = { subject: "News, March", text: "Spring is coming to the garden.", sendKey: "update-2027-03-abcdefgh" };
    expect((await json<{ queued: number }>(await admin.post("/api/admin/updates/send", plain))).queued).toBe(2);
    const march = stored(s, "monthly-update").find((m) => m.subject === "News, March" && m.to_address.includes("lucia@example.com"))!;
    expect(march.text).toContain("Querido(a) Lucía Ejemplo:\n\nSpring is coming to the garden.\n\nCon cariño,\n");
    expect(march.text).toContain("/es/manage-memorial/stop-updates?token=");

    // The unsubscribe page in Spanish: a GET asks, its button stops.
    const asked = await new Client(s.url).get(stop);
    expect(asked.status).toBe(200);
    const askPage = await asked.text();
    expect(askPage).toContain('<html lang="es">');
    expect(askPage).toContain("<h1>¿Dejar de recibir nuestras noticias mensuales?</h1>");
    expect(askPage).toContain(`<form method="post" action="${stop}">`);
    expect(askPage).not.toMatch(ENGLISH);
    const stopped = await fetch(`${s.url}${stop}`, {
      method: "POST",
      headers: { Origin: "https://mail.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain("<h1>Ya no recibirá las noticias</h1>");
    expect(sql(s, "SELECT baby_first_name AS name FROM memorial_flowers WHERE email_updates = 1")).toEqual([{ name: "Linnea" }]);
  });
});

describe("the remembrance notes' links in the family's language", () => {
  it("a Spanish family's confirmation links the Spanish page, which asks and confirms in Spanish", async () => {
    const s = await server();
    await submitFlower(s, {
      language: "es",
      babyFirstName: "Rafael",
      email: "rafael@example.com",
      remembranceNotes: true,
      anniversaryMonth: 2,
      anniversaryDay: 29,
      timeZone: "America/Chicago",
    });
    const confirm = stored(s, "remembrance-confirm").at(-1)!;
    const address = /(\/[a-z/-]*manage-memorial\/notes\/confirm\?token=[^\s"]+)/.exec(confirm.text)![1]!;
    expect(address.startsWith("/es/manage-memorial/notes/confirm?token=")).toBe(true);
    const page = await (await new Client(s.url).get(address)).text();
    expect(page).toContain('<html lang="es">');
    expect(page).toContain("<h1>Confirmar las notas de recuerdo</h1>");
    expect(page).toContain("Sí, deseo recibir estas notas");
    expect(page).not.toMatch(ENGLISH);
    const done = await fetch(`${s.url}${address}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("<h1>Las notas están confirmadas</h1>");
    expect(FAMILY_TOKEN.test(confirm.text)).toBe(false);
  });
});

describe("the words of the family's pages", () => {
  it("every sentence exists in Spanish, its own, in usted, never with 'aborto'", () => {
    /** Every string a table of words can make, with sample values. */
    const sentences = (value: unknown, key = ""): string[] =>
      typeof value === "string"
        ? [value]
        : typeof value === "function"
          ? [String(key === "list" ? value(["Sofía", "Isabel"]) : value("Sofía", "1 de marzo de 2027"))]
          : Object.entries(value as object).flatMap(([k, v]) => sentences(v, k));
    const english = sentences(FAMILY_PAGE_WORDS.en);
    const spanish = sentences(FAMILY_PAGE_WORDS.es);
    expect(spanish).toHaveLength(english.length);
    const word = (alternatives: string) => new RegExp(`(?<!\\p{L})(${alternatives})(?!\\p{L})`, "iu");
    spanish.forEach((sentence, i) => {
      if (english[i]) expect(sentence, english[i]).not.toBe(english[i]);
      expect(sentence).not.toMatch(word("aborto"));
      expect(sentence).not.toMatch(word("tú|tu|tus|ti|contigo|vosotros|os"));
      expect(sentence).not.toMatch(ENGLISH);
    });
    // "y" becomes "e" before the sound i, as Spanish writes it.
    expect(FAMILY_PAGE_WORDS.es.notes.list(["el aniversario (3 de marzo)", "Isabel (2 de julio)"])).toBe("el aniversario (3 de marzo) e Isabel (2 de julio)");
  });
});
