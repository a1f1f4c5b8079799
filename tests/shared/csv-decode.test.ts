import { describe, expect, it } from "vitest";
import {
  checkBulk,
  checkParsedBulk,
  decodeCsvBytes,
  LOST_LETTERS_MESSAGE,
  parseFlexibleCsv,
  parseStrictCsv,
  UNREADABLE_FILE_MESSAGE,
  UTF16_NOTICE,
  WINDOWS_1252_NOTICE,
} from "../../shared/csv";

const TEXT = "First Name,Last Name,Flower Type\nZoë,Müller,Lily\nRenée,Núñez,Tulip\n";

describe("decodeCsvBytes", () => {
  it("reads UTF-8 as it is, with or without a byte-order mark, and says nothing", () => {
    expect(decodeCsvBytes(Buffer.from(TEXT, "utf8"))).toEqual({ ok: true, text: TEXT, encoding: "utf-8", notice: null });
    expect(decodeCsvBytes(Buffer.from(`\uFEFF${TEXT}`, "utf8"))).toEqual({ ok: true, text: TEXT, encoding: "utf-8", notice: null });
  });

  it("reads Windows-1252 (older Excel) correctly, with a notice, and never with replacement characters", () => {
    const decoded = decodeCsvBytes(Buffer.from(TEXT, "latin1"));
    expect(decoded).toEqual({ ok: true, text: TEXT, encoding: "windows-1252", notice: WINDOWS_1252_NOTICE });
    // Windows-1252's own letters beyond Latin-1: € Š œ Ÿ and curly quotes.
    const cp1252 = Buffer.from([0x80, 0x8a, 0x9c, 0x9f, 0x93, 0x94]);
    expect(decodeCsvBytes(cp1252)).toMatchObject({ ok: true, text: "€ŠœŸ“”" });
  });

  it("reads UTF-16 (Excel's “Unicode text”) with its byte-order mark", () => {
    expect(decodeCsvBytes(Buffer.from(`\uFEFF${TEXT}`, "utf16le"))).toEqual({ ok: true, text: TEXT, encoding: "utf-16", notice: UTF16_NOTICE });
  });

  it("refuses bytes that are neither, and text that already lost letters", () => {
    expect(decodeCsvBytes(Buffer.from([0x41, 0x81, 0x00, 0x42]))).toEqual({ ok: false, message: UNREADABLE_FILE_MESSAGE });
    expect(decodeCsvBytes(Buffer.from("Zo\uFFFD,Lily\n", "utf8"))).toEqual({ ok: false, message: LOST_LETTERS_MESSAGE });
  });
});

describe("progress of the readers", () => {
  const rows = Array.from({ length: 9000 }, (_, i) => `Name${i},,Example,,Lily`);
  const text = ["First Name,Middle Name,Last Name,Date of Loss,Flower Type", ...rows].join("\n");

  it("goes from 0 up to below 1, in order, and changes nothing in the result", () => {
    for (const read of [(p?: (f: number) => void) => parseStrictCsv(text, 9000, p), (p?: (f: number) => void) => parseFlexibleCsv(text, p)]) {
      const seen: number[] = [];
      const withProgress = read((f) => seen.push(f));
      expect(withProgress).toEqual(read());
      expect(seen[0]).toBe(0);
      expect(seen.length).toBeGreaterThanOrEqual(5);
      expect(seen.every((f, i) => f >= 0 && f < 1 && (i === 0 || f >= seen[i - 1]!))).toBe(true);
    }
  });

  it("checkParsedBulk gives checkBulk's answer from one reading", () => {
    for (const mode of ["upload", "update"] as const) {
      expect(checkParsedBulk(parseFlexibleCsv(text), mode)).toEqual(checkBulk(text, mode));
      expect(checkParsedBulk(null, mode)).toEqual(checkBulk("  ", mode));
    }
  });
});
