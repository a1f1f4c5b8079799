import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BULK_BODY_LIMIT } from "../../shared/constants";
import { BULK_TOO_LARGE } from "../../shared/messages";
import { csvFileTooLarge, readCsvFile, readCsvText, UNREADABLE_FILE_MESSAGE, UTF16_NOTICE, WINDOWS_1252_NOTICE } from "../../shared/csv";
import { SAMPLE_DATA } from "../support/paths";

/** readCsvFile: the one reading of a chosen file that the web admin and the desktop app both run in a worker. */

const TEXT = "First Name,Last Name,Flower Type\nZoë,Müller,Lily\nRenée,Núñez,Tulip\n";
const FLEXIBLE = { reader: "flexible" } as const;

describe("readCsvFile", () => {
  it("reads a Windows-1252 and a UTF-16 file as the same flowers as UTF-8, each with its notice", () => {
    const utf8 = readCsvFile(Buffer.from(TEXT, "utf8"), FLEXIBLE);
    const cp1252 = readCsvFile(Buffer.from(TEXT, "latin1"), FLEXIBLE);
    const utf16 = readCsvFile(Buffer.from(`\uFEFF${TEXT}`, "utf16le"), FLEXIBLE);
    expect(utf8).toMatchObject({ ok: true, reader: "flexible", notice: null, text: TEXT, validCount: 2, upload: { ok: true } });
    expect(cp1252).toEqual({ ...utf8, notice: WINDOWS_1252_NOTICE });
    expect(utf16).toEqual({ ...utf8, notice: UTF16_NOTICE });
    expect(utf8.ok && utf8.reader === "flexible" && utf8.entries.map((e) => e.babyFirstName)).toEqual(["Zoë", "Renée"]);
  });

  it("refuses a file that is not text, and one over the server's limit before decoding it, with a title and a sentence", () => {
    expect(readCsvFile(Buffer.from([0x41, 0x2c, 0x81, 0x00, 0x9d, 0x0a]), FLEXIBLE)).toEqual({
      ok: false,
      title: "Unreadable File",
      message: UNREADABLE_FILE_MESSAGE,
    });
    const tooLarge = { title: "File Too Large", message: BULK_TOO_LARGE };
    expect(readCsvFile(new Uint8Array(BULK_BODY_LIMIT.bytes + 1), FLEXIBLE)).toEqual({ ok: false, ...tooLarge });
    expect(csvFileTooLarge(BULK_BODY_LIMIT.bytes)).toBeNull();
    expect(csvFileTooLarge(BULK_BODY_LIMIT.bytes + 1)).toEqual(tooLarge);
  });

  it("keeps the strict import's exact count: the 823-row sample is valid for 823 and for nothing else", () => {
    const bytes = readFileSync(join(SAMPLE_DATA, "garden-823.csv"));
    expect(readCsvFile(bytes, { reader: "strict", expectedCount: 823 })).toMatchObject({ ok: true, valid: true, entryCount: 823, rowCount: 823, errors: [] });
    const wrong = readCsvFile(bytes, { reader: "strict", expectedCount: 822 });
    expect(wrong).toMatchObject({ ok: true, valid: false, rows: null, errors: ["Expected exactly 822 memorial flower entries, but found 823"] });
  });

  it("answers a big file's text only when asked, and caps what a screen shows", () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => `Name${i},Example,Lily`).join("\n");
    const text = `First Name,Last Name,Flower Type\n${rows}\n`;
    const plain = readCsvFile(Buffer.from(text), FLEXIBLE);
    const kept = readCsvFile(Buffer.from(text), FLEXIBLE, { keepText: true });
    expect(plain).toMatchObject({ ok: true, text: null, rowCount: 30_000, validCount: 30_000 });
    expect(kept).toMatchObject({ ok: true, text });
    expect(plain.ok && plain.reader === "flexible" && [plain.preview.length, plain.entries.length]).toEqual([100, 30_000]);
    expect(readCsvText(text, FLEXIBLE)).toEqual(plain);
  });
});
