import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FLOWERS } from "../../shared/flowers";
import { flowerWords } from "../../shared/flowerWords";
import { COMMENT_LIBRARY } from "../../shared/commentLibrary";
import { pageSiteConfig, SiteConfig, siteFor, untranslated } from "../../shared/schemas/site";
import { ABOUT } from "../../public-web/pages/public/words/about";
import { PRIVACY } from "../../public-web/pages/public/words/privacy";
import { SUPPORT_DONATION } from "../../public-web/pages/public/words/supportDonation";
import { SUPPORT_RESOURCES } from "../../public-web/pages/public/words/supportResources";
import { TERMS } from "../../public-web/pages/public/words/terms";
import { WHO_WE_ARE } from "../../public-web/pages/public/words/whoWeAre";
import { ROOT } from "../support/paths";

/**
 * The glossary's rules (docs/translation.md) that a machine can hold: every flower and message has
 * its Spanish; "aborto" is never written (bare, it means both miscarriage and abortion); the team
 * speaks to families as usted, never tú or vosotros (Scripture keeps its own voice).
 */
const word = (alternatives: string) => new RegExp(`(?<!\\p{L})(${alternatives})(?!\\p{L})`, "iu");
const FORBIDDEN = word("aborto");
const FAMILIAR = word("tú|tu|tus|ti|contigo|vosotros|vosotras|os");

describe("the site's own words in Spanish", () => {
  it("every flower has a Spanish name, Marian name and note, each its own", () => {
    expect(FLOWERS).toHaveLength(10);
    for (const flower of FLOWERS) {
      const es = flowerWords(flower.type, "es");
      expect(es.label.length).toBeGreaterThan(2);
      expect(es.meaning.length).toBeGreaterThan(2);
      expect(es.symbolism.length).toBeGreaterThan(40);
      expect(es.label).not.toBe(flower.label);
      expect(es.symbolism).not.toBe(flower.symbolism);
      for (const text of Object.values(es)) {
        expect(text).not.toMatch(FORBIDDEN);
        expect(text).not.toMatch(FAMILIAR);
      }
    }
    expect(new Set(FLOWERS.map((f) => flowerWords(f.type, "es").label)).size).toBe(10);
    // Two flowers share Mary's Prayer in English; they share "Oración de María" in Spanish.
    expect(flowerWords("tulip", "es").meaning).toBe(flowerWords("pink-tulip", "es").meaning);
    expect(flowerWords("calla-lily", "en")).toMatchObject({ label: "Calla Lily", meaning: "St. Joseph's Staff" });
  });

  it("every library message has both wordings, the Spanish in usted (Scripture apart) and never 'aborto'", () => {
    expect(COMMENT_LIBRARY.map((c) => c.id)).toEqual(COMMENT_LIBRARY.map((_, i) => i + 1));
    for (const c of COMMENT_LIBRARY) {
      expect(c.es.trim()).toBe(c.es);
      expect(c.es).not.toBe(c.en);
      expect(c.es).not.toMatch(FORBIDDEN);
      if (c.category === "standard") expect(c.es).not.toMatch(FAMILIAR);
      // A verse keeps its reference, written the Spanish way ("Mateo 5, 5").
      if (c.category === "biblical") expect(c.es).toMatch(/\([A-ZÁÉÍÓÚ][a-záéíóúñ]+ \d+, \d+\)$/);
    }
  });

  it("the repository's site.json has its Spanish version, and it is written as the glossary says", () => {
    const site = SiteConfig.parse(JSON.parse(fs.readFileSync(path.join(ROOT, "data/site.json"), "utf8")));
    expect(site.languages).toEqual(["en", "es"]);
    expect(untranslated(site)).toEqual([]);
    const es = siteFor(site, "es");
    const texts = JSON.stringify([site.translations.es, site.phones.map((p) => p.translations), site.leaders.map((l) => l.translations)]);
    expect(texts).not.toMatch(FORBIDDEN);
    expect(texts).not.toMatch(FAMILIAR);
    expect(es.phones.map((p) => p.number)).toEqual(site.phones.map((p) => p.number));
    expect(es.leaders.map((l) => l.name)).toEqual(site.leaders.map((l) => l.name));
    expect(es.leaders.every((l, i) => l.role !== site.leaders[i]!.role)).toBe(true);
    expect(es.phones.every((p, i) => p.label !== site.phones[i]!.label)).toBe(true);
    expect(es.resources.map((r) => r.section)).not.toContain("Articles");
    // A page carries its own language's texts only: the English page none of the Spanish, and the other way round.
    const englishPage = JSON.stringify(pageSiteConfig(site, true));
    const spanishPage = JSON.stringify(pageSiteConfig(es, true));
    expect(englishPage).not.toMatch(/translations|Línea principal|Recordar a su bebé/);
    expect(spanishPage).not.toMatch(/translations|Main line|Remember Your Baby/);
    expect(spanishPage).toContain("Línea principal");
  });

  it("the long pages have their Spanish, sentence for sentence, with the same {placeholders}, in usted and never 'aborto'", () => {
    /** The texts of a value, in order, each with its path ("sections.2.paragraphs.0"); a `when` or an `id` is code, not words. */
    const texts = (value: unknown, at = ""): [string, string][] =>
      typeof value === "string"
        ? [[at, value]]
        : value && typeof value === "object"
          ? Object.entries(value).flatMap(([k, v]) => (k === "when" || k === "id" ? [] : texts(v, at ? `${at}.${k}` : k)))
          : [];
    const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
    for (const words of [ABOUT, PRIVACY, SUPPORT_DONATION, SUPPORT_RESOURCES, TERMS, WHO_WE_ARE]) {
      const en = texts(words.en);
      const es = texts(words.es);
      expect(es.map(([at]) => at)).toEqual(en.map(([at]) => at));
      es.forEach(([at, text], i) => {
        const english = en[i]![1];
        expect(placeholders(text), at).toEqual(placeholders(english));
        // The same word in both languages only where it is one ("Videos", the address block's marker).
        if (text === english) expect(["Videos", "address"], `${at}: ${text}`).toContain(text);
        expect(text, at).not.toMatch(FORBIDDEN);
        expect(text, at).not.toMatch(FAMILIAR);
      });
    }
    // Each Support & Resources section shows the links of site.json's section of the same title, in either language.
    const site = SiteConfig.parse(JSON.parse(fs.readFileSync(path.join(ROOT, "data/site.json"), "utf8")));
    expect(SUPPORT_RESOURCES.en.sections.map((s) => s.title)).toEqual(site.resources.map((r) => r.section));
    expect(SUPPORT_RESOURCES.es.sections.map((s) => s.title)).toEqual(siteFor(site, "es").resources.map((r) => r.section));
  });
});
