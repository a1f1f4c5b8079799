import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { localeOfPath, pathInLocale, pathWithoutLocale } from "../../shared/i18n/paths";
import { formatPo, parsePo } from "../../shared/i18n/po";
import { translate } from "../../shared/i18n/translate";
import { messagesIn, run } from "../../scripts/i18nCatalog";
import { ROOT } from "../support/paths";

const COUNT = "{count, plural, one {# memorial flower} other {# memorial flowers}} in the garden";
const ES = { [COUNT]: "{count, plural, one {# flor conmemorativa} other {# flores conmemorativas}} en el jardín", "Hello {name}": "Hola, {name}" };

describe("translate", () => {
  it("says English as the code writes it, and Spanish from the catalog, with plurals and numbers of each language", () => {
    expect(translate("en", ES, COUNT, { count: 1 })).toBe("1 memorial flower in the garden");
    expect(translate("en", ES, COUNT, { count: 100_000 })).toBe("100,000 memorial flowers in the garden");
    expect(translate("es", ES, COUNT, { count: 1 })).toBe("1 flor conmemorativa en el jardín");
    expect(translate("es", ES, COUNT, { count: 0 })).toBe("0 flores conmemorativas en el jardín");
    expect(translate("es", ES, COUNT, { count: 100_000 })).toBe("100.000 flores conmemorativas en el jardín");
    expect(translate("es", ES, "Hello {name}", { name: "{count} Ana" })).toBe("Hola, {count} Ana"); // a value is never read as a placeholder
    expect(translate("es", ES, "Not in the catalog")).toBe("Not in the catalog");
  });
});

describe("addresses in each language", () => {
  it("keeps English at today's addresses and Spanish under /es", () => {
    expect(localeOfPath("/")).toBe("en");
    expect(localeOfPath("/es")).toBe("es");
    expect(localeOfPath("/es/about-us")).toBe("es");
    expect(localeOfPath("/est")).toBe("en");
    expect(localeOfPath("/ES/about-us")).toBe("en");
    expect(pathWithoutLocale("/es")).toBe("/");
    expect(pathWithoutLocale("/es/garden-of-remembrance")).toBe("/garden-of-remembrance");
    expect(pathInLocale("/", "es")).toBe("/es");
    expect(pathInLocale("/?x=1", "es")).toBe("/es?x=1");
    expect(pathInLocale("/garden-of-remembrance?flower=lily", "es")).toBe("/es/garden-of-remembrance?flower=lily");
    expect(pathInLocale("/about-us", "en")).toBe("/about-us");
  });
});

describe(".po catalogs", () => {
  it("reads and writes what translators' tools write: escapes, line breaks, notes", () => {
    const text = formatPo({
      header: { id: "", str: "Language: es\n", comments: ["# header"] },
      entries: [{ id: 'Say "hi"\nthen go', str: "Diga «hola»\ny váyase", comments: ["#. a note", "#: a.tsx:1"] }],
    });
    expect(text).toContain('msgid ""\n"Say \\"hi\\"\\n"\n"then go"');
    const back = parsePo(text);
    expect(back.entries).toEqual([{ id: 'Say "hi"\nthen go', str: "Diga «hola»\ny váyase", comments: ["#. a note", "#: a.tsx:1"] }]);
    expect(back.header?.str).toBe("Language: es\n");
    expect(() => parsePo('msgid "a"\nmsgstr "b"\nnonsense')).toThrow(/line 3/);
  });
});

describe("the catalogs' check (run before every build of the site and in npm run check)", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A tiny project: one component and a Spanish catalog. */
  function project(source: string, po: string): string {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "i18n-check-"));
    for (const folder of ["public-web", "public-server", "shared/i18n"]) fs.mkdirSync(path.join(dir, folder), { recursive: true });
    fs.writeFileSync(path.join(dir, "public-web/Page.tsx"), source);
    fs.writeFileSync(path.join(dir, "shared/i18n/es.po"), po);
    return dir;
  }

  const SOURCE = 'export const Page = () => <p>{t("Welcome")} {msg("Goodbye")}</p>;\n';

  it("fails on a sentence without its Spanish, and on a new sentence not yet in the catalog", () => {
    const root = project(SOURCE, 'msgid "Welcome"\nmsgstr "Bienvenido"\n\nmsgid "Goodbye"\nmsgstr ""\n');
    expect(run(root, false)).toEqual(['shared/i18n/es.po: no translation for "Goodbye" (public-web/Page.tsx:1)']);
    const missing = project(SOURCE, 'msgid "Welcome"\nmsgstr "Bienvenido"\n');
    expect(run(missing, false)[0]).toMatch(/no entry for "Goodbye"/);
  });

  it("fails on a sentence built at run time, and on one the code no longer uses", () => {
    const root = project("t(`Hello ${name}`);\n", 'msgid "Old"\nmsgstr "Viejo"\n');
    expect(run(root, false)).toEqual([
      'shared/i18n/es.po: "Old" is no longer used: run npm run i18n:extract',
      "public-web/Page.tsx:1: a sentence to translate must be written out in quotes, with {placeholders} for its values",
    ]);
  });

  it("extraction adds new sentences untranslated and drops unused ones; translated, the check passes", () => {
    const root = project(SOURCE, 'msgid "Old"\nmsgstr "Viejo"\n');
    expect(run(root, true)).toEqual([
      'shared/i18n/es.po: no translation for "Welcome" (public-web/Page.tsx:1)',
      'shared/i18n/es.po: no translation for "Goodbye" (public-web/Page.tsx:1)',
    ]);
    const po = parsePo(fs.readFileSync(path.join(root, "shared/i18n/es.po"), "utf8"));
    expect(po.entries.map((e) => e.id)).toEqual(["Welcome", "Goodbye"]);
    for (const e of po.entries) e.str = e.id === "Welcome" ? "Bienvenido" : "Adiós";
    fs.writeFileSync(path.join(root, "shared/i18n/es.po"), formatPo(po));
    expect(run(root, false)).toEqual([]);
  });

  it("finds sentences in double or single quotes, across lines, and the server's t(locale, …)", () => {
    const found = messagesIn(`t(\n  'Say "yes"',\n);\nt(locale, "On the server");\ntr("Toast");`, "x.ts").messages.map((m) => m.id);
    expect(found).toEqual(['Say "yes"', "On the server", "Toast"]);
  });

  it("passes on this repository: every sentence of the site has its Spanish", () => {
    expect(run(ROOT, false)).toEqual([]);
  });
});
