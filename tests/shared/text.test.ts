import { describe, expect, it } from "vitest";
import { HIDDEN_CHARACTER_MESSAGE, INVISIBLE_TEXT_MESSAGE, textProblem, UNREADABLE_CHARACTER_MESSAGE } from "../../shared/text";
import { BulkUploadInput, FlowerEntryInput } from "../../shared/schemas/admin";
import { AssistanceRequestInput, MemorialCommentInput, MemorialFlowerInput, TestimonialInput } from "../../shared/schemas/public";

/** Names from many scripts, as families write them. */
const WELCOME = [
  "Zoë Renée Łucja Ñúñez",
  "مريم",
  "نورا\u200Cجان", // Persian: a zero-width non-joiner between letters
  "נועה",
  "小明",
  "さくら",
  "서연",
  "अनन्या",
  "क्\u200Dषमा", // Devanagari: a zero-width joiner after the virama
  "Ελένη",
  "Анастасия",
  "ሔዋን",
  "🌸 Little Rose 🌹",
  "👨\u200D👩\u200D👧", // family: joined by zero-width joiners
  "👋🏽",
  "🏳\uFE0F\u200D🌈",
  "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", // Scotland: black flag + tag letters
  "\u200FNoa \u200E(נועה)", // right-to-left and left-to-right marks
] as const;

/** One of each character that must be refused, named. */
const REFUSED: [string, string][] = [
  ["NUL", "Ann\u0000a"],
  ["ESC", "Anna\u001b[31m"],
  ["DEL", "An\u007fna"],
  ["C1 control", "An\u0085na"],
  ["line break in a name", "Anna\nMarie"],
  ["tab in a name", "Anna\tMarie"],
  ["right-to-left override", "Anna\u202Egpj.exe"],
  ["left-to-right embedding", "\u202AAnna"],
  ["pop directional formatting", "Anna\u202C"],
  ["left-to-right isolate", "An\u2066na"],
  ["first strong isolate", "An\u2068na"],
  ["pop directional isolate", "An\u2069na"],
  ["zero-width space", "An\u200Bna"],
  ["zero-width joiner in a Latin name", "An\u200Dna"],
  ["zero-width non-joiner in a Latin name", "An\u200Cna"],
  ["zero-width joiner at the end", "Anna\u200D"],
  ["zero-width joiner after an emoji, before a letter", "🌸\u200Da"],
  ["word joiner", "An\u2060na"],
  ["byte-order mark", "\uFEFFAnna"],
  ["zero-width no-break space inside", "An\uFEFFna"],
  ["soft hyphen", "An\u00ADna"],
  ["line separator", "Anna\u2028Marie"],
  ["Hangul filler", "\u3164"],
  ["tag letters without a flag", "Anna\u{E0041}\u{E0042}"],
  ["lone surrogate", "Anna\uD800"],
];

/** Texts of characters that are each welcome somewhere but show nothing alone. */
const INVISIBLE_ONLY: [string, string][] = [
  ["blank braille cells", "\u2800\u2800"],
  ["a left-to-right mark", "\u200E"],
  ["a right-to-left mark and an Arabic letter mark", "\u200F\u061C"],
  ["a variation selector", "\uFE0F"],
  ["a lone combining accent", "\u0301"],
  ["an ideographic space", "\u3000"],
];

describe("textProblem", () => {
  it.each(WELCOME)("welcomes %s", (name) => {
    expect(textProblem(name)).toBeNull();
  });

  it.each(REFUSED)("refuses a %s with the one clear sentence", (_label, text) => {
    expect(textProblem(text)).toBe(HIDDEN_CHARACTER_MESSAGE);
  });

  it("keeps line breaks and tabs in multi-line texts, and nothing else hidden", () => {
    expect(textProblem("Dear friends,\r\n\tthank you.\n\nMaria", { multiline: true })).toBeNull();
    expect(textProblem("Dear friends,\u0000", { multiline: true })).toBe(HIDDEN_CHARACTER_MESSAGE);
    expect(textProblem("Dear \u202Efriends", { multiline: true })).toBe(HIDDEN_CHARACTER_MESSAGE);
  });

  it("names the replacement character left by a file read in the wrong encoding", () => {
    expect(textProblem("Zo\uFFFD")).toBe(UNREADABLE_CHARACTER_MESSAGE);
  });

  it.each(INVISIBLE_ONLY)("refuses a text of %s alone, which shows nothing", (_label, text) => {
    expect(textProblem(text)).toBe(INVISIBLE_TEXT_MESSAGE);
    expect(textProblem(text, { multiline: true })).toBe(INVISIBLE_TEXT_MESSAGE);
  });

  it("welcomes those characters beside ones that show", () => {
    for (const text of ["Noa\u200E", "e\u0301", "\u2764\uFE0F", "\u2800Anna", "Anna\u3000Lee", "."]) expect(textProblem(text), text).toBeNull();
  });
});

describe("every text field of the shared schemas", () => {
  const flower = { parentName: "Maria", email: "maria@example.org", babyFirstName: "Grace", babyLastName: "L.", flowerType: "lily" };
  const cases: [
    string,
    { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
    Record<string, unknown>,
    string[],
  ][] = [
    [
      "assistance request",
      AssistanceRequestInput,
      { firstName: "A", lastName: "B", email: "a@example.org", phoneNumber: "555", comments: "Help" },
      ["firstName", "lastName", "phoneNumber", "comments"],
    ],
    ["memorial flower", MemorialFlowerInput, flower, ["parentName", "babyFirstName", "babyMiddleName", "babyLastName", "lossDate"]],
    ["comment", MemorialCommentInput, { commenterName: "Ann", commentLibraryId: 1 }, ["commenterName"]],
    ["testimonial", TestimonialInput, { firstName: "A", lastName: "B", testimonial: "Thank you" }, ["firstName", "lastName", "childName", "testimonial"]],
    ["flower edit", FlowerEntryInput, { babyFirstName: "Grace", flowerType: "lily" }, ["babyFirstName", "babyMiddleName", "babyLastName", "lossDate"]],
  ];

  it.each(cases)("%s: refuses a hidden character in each field, and welcomes every script", (_name, schema, valid, fields) => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const field of fields) {
      const parsed = schema.safeParse({ ...valid, [field]: "Gr\u202Eace" });
      expect(parsed.success, field).toBe(false);
      expect(parsed.error!.issues.find((i) => i.path[0] === field)?.message, field).toBe(HIDDEN_CHARACTER_MESSAGE);
      for (const name of WELCOME) expect(schema.safeParse({ ...valid, [field]: name }).success, `${field}: ${name}`).toBe(true);
      // (Spaces alone are trimmed first: a missing required field, an optional one left out.)
      for (const [label, text] of INVISIBLE_ONLY.filter(([, t]) => t.trim())) {
        const invisible = schema.safeParse({ ...valid, [field]: text });
        expect(invisible.error?.issues.find((i) => i.path[0] === field)?.message, `${field}: ${label}`).toBe(INVISIBLE_TEXT_MESSAGE);
      }
    }
  });

  it("bulk rows too", () => {
    const parsed = BulkUploadInput.safeParse({ flowers: [{ babyFirstName: "Ann\u200B", flowerType: "lily" }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(HIDDEN_CHARACTER_MESSAGE);
  });
});
