import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { mailFor } from "../../public-server/mail";
import { until } from "../support/until";
import { count, errorBody, FAMILY_TOKEN, signedIn, SLOW_TRIGGER, sql, sqlAt, writeLockHeld } from "./fixtures";
import { fakeGarden } from "../support/fakeGarden";
import { SmtpCapture, type Received } from "./mailSmtp";
import { COMMENT_LIBRARY, commentText } from "../../shared/commentLibrary";
import { FAMILY_WORDS } from "../../public-server/mail/familyWords";

// A family who writes in Spanish reads every email that follows in Spanish, through a real SMTP
// server; an English family's emails stay word for word as they were.

/** The server's clock: a withdrawn memorial can be brought back until 30 days later, 26 December 2026 in Chicago. */
const NOW = new Date("2026-11-26T15:00:00.000Z");
let smtp: SmtpCapture;
let server: TestServer;
let admin: Client;

beforeAll(async () => {
  smtp = await SmtpCapture.start();
  server = await startTestServer({
    smtpUrl: smtp.url,
    publicUrl: "https://garden.example.org",
    mailPollMs: 50,
    digestHour: null,
    teamEmails: ["team@example.org"],
    now: () => NOW,
  });
  admin = await signedIn(server);
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

const visitor = () => new Client(server.url);
const sameSite = { Origin: "", "Content-Type": "application/x-www-form-urlencoded" };

async function submit(email: string, babyFirstName: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await visitor().post("/api/memorial-flowers", {
    parentName: "Lucía Ejemplo",
    email,
    babyFirstName,
    babyMiddleName: "María",
    babyLastName: "Ejemplo",
    flowerType: "calla-lily",
    ...extra,
  });
  expect(res.status).toBe(201);
  return sql<{ id: number }>(server, "SELECT id FROM memorial_flowers WHERE email = ? ORDER BY id DESC LIMIT 1", email)[0]!.id;
}

/** The messages sent to `address` once `n` have come, their text with the line ends a reader's program shows. */
async function mailTo(address: string, n: number): Promise<Received[]> {
  await mailFor(server.parts.services).drain();
  await until(() => smtp.to(address).length >= n, `${n} emails to ${address}`);
  return smtp.to(address).map((m) => ({ ...m, text: m.text.replace(/\r\n/g, "\n") }));
}

/** Opens the family's private link from `mail` and makes `change` with it, as the manage page's buttons do. */
async function change(mail: Received, what: string): Promise<void> {
  const token = FAMILY_TOKEN.exec(mail.text)![1]!;
  const family = new Client(server.url);
  expect((await family.get(`/manage-memorial?token=${token}`)).status).toBe(303);
  expect((await family.post("/manage-memorial", `change=${what}`, { ...sameSite, Origin: server.url })).status).toBeLessThan(400);
}

const ENGLISH_WORDS = /\b(Dear|memorial flower|Garden of Remembrance|Thank you|With warm regards|private link)\b/;

describe("a family's emails in the language they wrote in", () => {
  it("a Spanish submission: received, approved, private link and change notes in Spanish, with the date in Spanish", async () => {
    const id = await submit("lucia.familia@example.com", "Sofía", { language: "es", emailUpdates: true });
    expect(sql(server, "SELECT language FROM memorial_flowers WHERE id = ?", id)).toEqual([{ language: "es" }]);

    const [received] = await mailTo("lucia.familia@example.com", 1);
    expect(received!.header("Subject")).toBe("Hemos recibido la flor en memoria de Sofía María Ejemplo");
    expect(received!.text).toContain("Querido(a) Lucía Ejemplo:");
    expect(received!.text).toContain("Gracias por compartir con nosotros la vida de Sofía María Ejemplo.");
    expect(received!.text).toContain("Si desea hablar con alguien, puede llamarnos al (555) 010-2400 o escribirnos a info@example.org.");
    expect(received!.text).toContain("Con cariño,\nOur Lady of Hope Apostolate (example)");
    expect(received!.text).toMatch(FAMILY_TOKEN);
    expect(received!.text).not.toMatch(ENGLISH_WORDS);

    expect((await admin.post(`/api/admin/memorial-flowers/${id}/approve`)).status).toBe(200);
    const approved = (await mailTo("lucia.familia@example.com", 2))[1]!;
    expect(approved.header("Subject")).toBe("La flor en memoria de Sofía María Ejemplo ya está en el Jardín del Recuerdo");
    expect(approved.text).toContain("La flor que usted eligió en memoria de Sofía María Ejemplo (alcatraz o cala) ya está en nuestro Jardín del Recuerdo.");
    // The memorial page in Spanish, at the same slug under /es/.
    expect(approved.text).toContain(`https://garden.example.org/es/garden-of-remembrance/${id}-sofia-maria-ejemplo`);
    expect(approved.text).toContain("está en nuestra lista");
    expect(approved.text).not.toMatch(ENGLISH_WORDS);

    await change(approved, "withdraw");
    const note = (await mailTo("lucia.familia@example.com", 3))[2]!;
    expect(note.header("Subject")).toBe("Un cambio en la página en memoria de Sofía María Ejemplo");
    expect(note.text).toContain(
      "La página en memoria de Sofía María Ejemplo se retiró del Jardín del Recuerdo. Puede recuperarla con su enlace privado durante 30 días, hasta el 26 de diciembre de 2026; después se eliminará.",
    );
    expect(note.text).not.toMatch(ENGLISH_WORDS);

    // A link sent by a volunteer, to the address on file, speaks the family's language too.
    expect((await admin.post(`/api/admin/memorial-flowers/${id}/family-link`, { email: "lucia.familia@example.com" })).status).toBe(200);
    const link = (await mailTo("lucia.familia@example.com", 4))[3]!;
    expect(link.header("Subject")).toBe("Su enlace privado a la página en memoria de Sofía María Ejemplo");
    expect(link.text).not.toMatch(ENGLISH_WORDS);
  });

  it("a Spanish family's remembrance notes: the confirmation in Spanish, with the dates named in Spanish", async () => {
    await submit("notas.familia@example.com", "Rafael", {
      language: "es",
      remembranceNotes: true,
      anniversaryMonth: 2,
      anniversaryDay: 29,
      remembranceDays: "pregnancy-and-infant-loss-remembrance-day",
      timeZone: "America/Chicago",
    });
    const confirm = (await mailTo("notas.familia@example.com", 2)).find((m) => m.header("Subject")!.startsWith("Por favor, confirme"));
    expect(confirm?.header("Subject")).toBe("Por favor, confirme: notas de recuerdo por Rafael María Ejemplo");
    expect(confirm!.text).toContain("el aniversario, 29 de febrero; Día del Recuerdo de la Pérdida Gestacional e Infantil, 15 de octubre");
    expect(confirm!.text).toContain("No le enviaremos ninguna hasta que usted nos confirme que desea recibirlas:");
    expect(confirm!.text).not.toMatch(ENGLISH_WORDS);
  });

  it("an English submission reads exactly as before, and its note names the day in English", async () => {
    const id = await submit("anna.english@example.com", "Gabriel", { parentName: "Anna Example", babyMiddleName: "Joseph", babyLastName: "Example" });
    const [received] = await mailTo("anna.english@example.com", 1);
    expect(received!.header("Subject")).toBe("We have received Gabriel Joseph Example's memorial flower");
    expect(received!.text.replace(FAMILY_TOKEN, "manage-memorial?token=TOKEN")).toBe(
      [
        "Dear Anna Example,",
        "Thank you for sharing Gabriel Joseph Example with us. A volunteer will look at your memorial flower soon, and we will write again when it is in the Garden of Remembrance.",
        "Your private link below lets you withdraw Gabriel Joseph Example's memorial, turn comments off, or stop our emails, without an account. Please keep it to yourself: whoever has it can make these changes. It stops working after a year without use, and you can ask for a new one at any time.",
        "https://garden.example.org/manage-memorial?token=TOKEN",
        "We keep your family in our prayers. If you would like to talk with someone, you can call us at (555) 010-2400 or write to info@example.org.",
        "With warm regards,\nOur Lady of Hope Apostolate (example)",
      ].join("\n\n") + "\n",
    );
    expect((await admin.post(`/api/admin/memorial-flowers/${id}/approve`)).status).toBe(200);
    const approved = (await mailTo("anna.english@example.com", 2))[1]!;
    expect(approved.header("Subject")).toBe("Gabriel Joseph Example's memorial flower is now in the Garden of Remembrance");
    expect(approved.text).toContain(
      "The calla lily you chose in memory of Gabriel Joseph Example has been placed in our Garden of Remembrance. You can visit it here:",
    );
    expect(approved.text).toContain(`https://garden.example.org/garden-of-remembrance/${id}-gabriel-joseph-example\n`);
    await change(approved, "withdraw");
    const note = (await mailTo("anna.english@example.com", 3))[2]!;
    expect(note.text).toContain(
      "Gabriel Joseph Example's memorial was withdrawn from the Garden of Remembrance. It can be brought back with your private link for 30 days, until December 26, 2026; after that it will be deleted.",
    );
  });

  it("a testimonial written in Spanish is answered in Spanish, with the Spanish page's address", async () => {
    const res = await visitor().post("/api/testimonials", {
      firstName: "Rosa",
      lastName: "Ejemplo",
      testimonial: "Nuestra historia.",
      email: "rosa.testimonio@example.com",
      language: "es",
    });
    expect(res.status).toBe(201);
    const [row] = sql<{ id: number; language: string }>(server, "SELECT id, language FROM testimonials WHERE email = ?", "rosa.testimonio@example.com");
    expect(row!.language).toBe("es");
    expect((await admin.post(`/api/admin/testimonials/${row!.id}/approve`)).status).toBe(200);
    const [mail] = await mailTo("rosa.testimonio@example.com", 1);
    expect(mail!.header("Subject")).toBe("Su testimonio ya está publicado en nuestro sitio web");
    expect(mail!.text).toContain("Querido(a) Rosa:");
    expect(mail!.text).toContain("https://garden.example.org/es/share-testimonial\n");
    expect(mail!.text).not.toMatch(ENGLISH_WORDS);
  });

  it("a request for help sent from the Spanish pages tells the team to answer in Spanish; an English one reads as before", async () => {
    const ask = (firstName: string, extra: Record<string, unknown>) =>
      visitor().post("/api/assistance-requests", {
        firstName,
        lastName: "Ejemplo",
        email: `${firstName.toLowerCase()}@example.net`,
        phoneNumber: "(555) 010-7777",
        comments: "Por favor, llámenme esta tarde.",
        ...extra,
      });
    expect((await ask("Guadalupe", { language: "es" })).status).toBe(201);
    expect((await ask("Margaret", {})).status).toBe(201);
    await mailFor(server.parts.services).drain();
    await until(() => smtp.to("team@example.org").length >= 2, "the team's two emails");
    const [spanish, english] = ["Guadalupe", "Margaret"].map((n) => smtp.to("team@example.org").find((m) => m.text.includes(`${n} Ejemplo`))!.text);
    expect(spanish).toContain("Language: Spanish: please answer in Spanish");
    expect(english).not.toContain("Language");
  });

  it("the language field: absent or empty is English, a plain form carries it too, and a language the site does not speak is refused", async () => {
    for (const language of ["fr", "ES", "es-MX", 1]) {
      const res = await visitor().post("/api/memorial-flowers", {
        parentName: "A",
        email: "odd.language@example.com",
        babyFirstName: "Odd",
        babyLastName: "L",
        flowerType: "lily",
        language,
      });
      expect(res.status).toBe(400);
      expect((await errorBody(res)).errors?.map((e) => e.path)).toEqual(["language"]);
    }
    const empty = await submit("empty.language@example.com", "Empty", { language: "" });
    // Without JavaScript: the form posts to its page, with the page's language in a hidden field.
    const plain = await visitor().post(
      "/garden-of-remembrance",
      "form=flower&parentName=Marta&email=plain.form%40example.com&babyFirstName=Plain&babyLastName=Form&flowerType=marigold&language=es",
      { ...sameSite, Origin: server.url },
    );
    expect(plain.status).toBe(303);
    expect(sql(server, "SELECT email, language FROM memorial_flowers WHERE id = ? OR email = ? ORDER BY id", empty, "plain.form@example.com")).toEqual([
      { email: "empty.language@example.com", language: "en" },
      { email: "plain.form@example.com", language: "es" },
    ]);
  });

  it("without a language field, a submission takes its page's: the Spanish site's scripts say so in a header, a plain form by its address", async () => {
    const flower = { parentName: "Rosa", babyLastName: "Ejemplo", flowerType: "lily" };
    const json = await visitor().post(
      "/api/memorial-flowers",
      { ...flower, email: "header.language@example.com", babyFirstName: "Header" },
      { "X-Page-Language": "es" },
    );
    expect(json.status).toBe(201);
    const english = await visitor().post("/api/memorial-flowers", { ...flower, email: "no.header@example.com", babyFirstName: "Bare" });
    expect(english.status).toBe(201);
    const plain = await visitor().post(
      "/es/garden-of-remembrance",
      "form=flower&parentName=Rosa&email=spanish.page%40example.com&babyFirstName=Pagina&babyLastName=Ejemplo&flowerType=lily",
      { ...sameSite, Origin: server.url },
    );
    expect(plain.status).toBe(303);
    const languageOf = (email: string) => sql<{ language: string }>(server, "SELECT language FROM memorial_flowers WHERE email = ?", email)[0]?.language;
    expect(["header.language@example.com", "no.header@example.com", "spanish.page@example.com"].map(languageOf)).toEqual(["es", "en", "es"]);
  });

  it("every sentence of the family's emails exists in Spanish, in usted, never with 'aborto'", () => {
    /** Every string a table of words can make, with sample names. */
    const sentences = (value: unknown): string[] =>
      typeof value === "string"
        ? [value]
        : typeof value === "function"
          ? [String(value("Sofía", "26 de diciembre de 2026", "30"))]
          : Object.values(value as object).flatMap(sentences);
    const spanish = sentences(FAMILY_WORDS.es);
    expect(spanish).toHaveLength(sentences(FAMILY_WORDS.en).length);
    const word = (alternatives: string) => new RegExp(`(?<!\\p{L})(${alternatives})(?!\\p{L})`, "iu");
    for (const sentence of spanish) {
      expect(sentence).not.toMatch(word("aborto"));
      expect(sentence).not.toMatch(word("tú|tu|tus|ti|contigo|vosotros|os"));
      expect(sentence).not.toMatch(ENGLISH_WORDS);
    }
  });
});

describe("a submission held while a large write runs", () => {
  it("keeps its language through the intake, and its family's email is in Spanish", async () => {
    const held = await startTestServer({ smtpUrl: smtp.url, publicUrl: "https://garden.example.org", mailPollMs: 50, digestHour: null });
    try {
      const volunteer = await signedIn(held);
      sqlAt(held.config.databasePath, SLOW_TRIGGER);
      const uploading = volunteer.post("/api/admin/memorial-flowers/bulk-upload", { flowers: fakeGarden(500, 5) });
      await until(() => writeLockHeld(held.config.databasePath), "the upload to hold the write lock", 30_000);
      const res = await new Client(held.url).post("/api/memorial-flowers", {
        parentName: "Lucía Ejemplo",
        email: "held.familia@example.com",
        babyFirstName: "Paloma",
        babyLastName: "Ejemplo",
        flowerType: "lily",
        language: "es",
      });
      expect(res.status).toBe(201);
      expect(writeLockHeld(held.config.databasePath), "the upload ended before the flower was answered").toBe(true);
      expect((await uploading).status).toBeLessThan(300);
      await until(() => count(held, "memorial_flowers", "email = 'held.familia@example.com'") === 1, "the held flower to be moved");
      expect(sql(held, "SELECT language FROM memorial_flowers WHERE email = ?", "held.familia@example.com")).toEqual([{ language: "es" }]);
      await mailFor(held.parts.services).drain();
      await until(() => smtp.to("held.familia@example.com").length === 1, "the held family's email");
      expect(smtp.to("held.familia@example.com")[0]!.header("Subject")).toBe("Hemos recibido la flor en memoria de Paloma Ejemplo");
    } finally {
      await held.stop();
    }
  }, 120_000);
});

describe("the comment library in both languages", () => {
  it("every message offered has an English and a Spanish wording of the same id, and a comment names its message", async () => {
    const library = await json<{ id: number; text: string; category: string }[]>(await visitor().get("/api/comment-library"));
    expect(library.length).toBe(COMMENT_LIBRARY.length);
    for (const entry of library) {
      const pair = COMMENT_LIBRARY.find((c) => c.id === entry.id)!;
      expect(pair.en).toBe(entry.text);
      expect(pair.category).toBe(entry.category);
      expect(commentText(entry.id, "en", entry.text)).toBe(entry.text);
      const spanish = commentText(entry.id, "es", entry.text);
      expect(spanish).not.toBe(entry.text);
      expect(spanish.trim()).toBe(spanish);
      expect(spanish.length).toBeGreaterThan(10);
    }
    expect(new Set(COMMENT_LIBRARY.map((c) => c.es)).size).toBe(COMMENT_LIBRARY.length);
    // A message this list does not know (added to the table by hand) reads as stored.
    expect(commentText(999, "es", "A message added by hand.")).toBe("A message added by hand.");

    // A comment left on an English page reads in Spanish on the Spanish page: the answer names its message.
    const flowerId = await submit("comment.familia@example.com", "Inés");
    expect((await admin.post(`/api/admin/memorial-flowers/${flowerId}/approve`)).status).toBe(200);
    const chosen = library.find((entry) => entry.text.startsWith("May Our Lady"))!;
    expect((await visitor().post(`/api/memorial-flowers/${flowerId}/comments`, { commenterName: "Tía Carmen", commentLibraryId: chosen.id })).status).toBe(201);
    const [pending] = sql<{ id: number }>(server, "SELECT id FROM memorial_comments WHERE memorial_flower_id = ?", flowerId);
    expect((await admin.post(`/api/admin/memorial-comments/${pending!.id}/approve`)).status).toBe(200);
    const [comment] = await json<{ commentLibraryId: number; commentText: string }[]>(await visitor().get(`/api/memorial-flowers/${flowerId}/comments`));
    expect(comment!.commentText).toBe(chosen.text);
    expect(commentText(comment!.commentLibraryId, "es", comment!.commentText)).toBe("Que la Virgen María los cubra con su manto y los consuele.");
  });
});

describe("site.json: the team's texts in Spanish, and each language on or off", () => {
  const siteFile = () => path.join(server.dataDir, "site.json");
  const original = () => JSON.parse(fs.readFileSync(siteFile(), "utf8"));
  /** Writes site.json and waits until the server reads it (it looks at the file at most once a second). */
  async function writeSite(site: unknown, ready: (s: { languages: string[] }) => boolean): Promise<void> {
    fs.writeFileSync(siteFile(), JSON.stringify(site, null, 2));
    await until(async () => ready(await json(await visitor().get("/api/site"))), "the new site.json", 10_000);
  }

  it("answers the configuration in Spanish, and refuses an unknown language", async () => {
    const es = await json<{ phones: { label: string }[]; tagline: string; resources: { section: string }[]; translations: object }>(
      await visitor().get("/api/site?lang=es"),
    );
    expect(es.phones.map((p) => p.label)).toEqual(["Línea principal", "Fuera de horario"]);
    expect(es.tagline).toMatch(/^Acompañamos/);
    expect(es.resources[0]!.section).toBe("Recordar a su bebé");
    expect(es.translations).toEqual({});
    const en = await json<{ phones: { label: string }[] }>(await visitor().get("/api/site?lang=en"));
    expect(en.phones[0]!.label).toBe("Main line");
    expect((await visitor().get("/api/site?lang=fr")).status).toBe(400);
  });

  it("with Spanish turned off, a Spanish family still reads Spanish, and is sent to the English pages", async () => {
    const site = original();
    expect(site.languages).toEqual(["en", "es"]);
    try {
      const { translations: _, ...rest } = site;
      // Without any Spanish: neither the translations block nor the phones' and leaders' own.
      const englishOnly = {
        ...rest,
        phones: site.phones.map(({ translations: _t, ...phone }: { translations?: unknown }) => phone),
        leaders: site.leaders.map(({ translations: _t, ...leader }: { translations?: unknown }) => leader),
      };
      await writeSite({ ...englishOnly, languages: ["en"] }, (s) => s.languages.join() === "en");
      const id = await submit("off.familia@example.com", "Tomás", { language: "es" });
      expect((await admin.post(`/api/admin/memorial-flowers/${id}/approve`)).status).toBe(200);
      const approved = (await mailTo("off.familia@example.com", 2))[1]!;
      expect(approved.header("Subject")).toBe("La flor en memoria de Tomás María Ejemplo ya está en el Jardín del Recuerdo");
      expect(approved.text).toContain(`https://garden.example.org/garden-of-remembrance/${id}-tomas-maria-ejemplo\n`);
      expect(approved.text).not.toContain("/es/");

      // Spanish turned on before its texts are written: the site is not held back; they show in English, and the log names what to fill in.
      const lines: string[] = [];
      const log = server.parts.services.log;
      const info = log.info;
      log.info = (event, fields) => void lines.push(JSON.stringify({ event, ...fields }));
      try {
        await writeSite({ ...englishOnly, languages: ["en", "es"] }, (s) => s.languages.join() === "en,es");
      } finally {
        log.info = info;
      }
      const es = await json<{ tagline: string; phones: { label: string }[] }>(await visitor().get("/api/site?lang=es"));
      expect(es.tagline).toBe(site.tagline);
      expect(es.phones[0]!.label).toBe("Main line");
      const [warning] = lines.filter((l) => l.includes("site_config_untranslated")).map((l) => JSON.parse(l));
      expect(warning.missing).toContain("translations.es.tagline");
      expect(warning.missing).toContain("phones.0.translations.es.label");
    } finally {
      await writeSite(site, (s) => s.languages.join() === "en,es");
    }
  });
});
