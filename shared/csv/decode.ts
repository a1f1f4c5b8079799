/**
 * The bytes of a chosen CSV file as text. UTF-8 is read as it is. A file that
 * is not valid UTF-8 is most often an older Excel "CSV" saved in Windows-1252
 * (Western European: é, ü, ñ, ë): it is read that way and the volunteer is
 * told to check the preview. A file that is neither (stray control bytes) is
 * refused. Text is never kept with replacement characters ("Zo�").
 */

export type CsvEncoding = "utf-8" | "utf-16" | "windows-1252";

export type DecodedCsv =
  | { ok: true; text: string; encoding: CsvEncoding; /** Shown to the volunteer when the file was not UTF-8. */ notice: string | null }
  | { ok: false; message: string };

export const WINDOWS_1252_NOTICE =
  "This file was not saved as UTF-8, so we read it as Windows-1252 (Western European), as older versions of Excel save CSV files. Please check that the names in the preview look right; if any do not, save the file as “CSV UTF-8” in your spreadsheet and choose it again.";

export const UTF16_NOTICE = "This file was saved as UTF-16 (“Unicode text”); we read it as such. Please check that the names in the preview look right.";

export const UNREADABLE_FILE_MESSAGE =
  "We could not read the characters of this file: it is neither UTF-8 nor Windows-1252 text. Please save it as “CSV UTF-8” in your spreadsheet and choose it again.";

/** Control characters other than line breaks and tabs: a sign the bytes were not read in their real encoding. */
function hasStrayControls(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** Decodes a file's bytes (see above). A UTF-8 or UTF-16 byte-order mark is honoured and removed. */
export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    const text = new TextDecoder(bytes[0] === 0xff ? "utf-16le" : "utf-16be").decode(bytes);
    return checked(text, "utf-16", UTF16_NOTICE);
  }
  try {
    return checked(new TextDecoder("utf-8", { fatal: true }).decode(bytes), "utf-8", null);
  } catch {
    return checked(new TextDecoder("windows-1252").decode(bytes), "windows-1252", WINDOWS_1252_NOTICE);
  }
}

export const LOST_LETTERS_MESSAGE =
  "This file already has “�” where letters were lost, probably when it was saved or converted earlier. Please correct those names in your spreadsheet (search for �), save as “CSV UTF-8” and choose the file again.";

function checked(text: string, encoding: CsvEncoding, notice: string | null): DecodedCsv {
  if (text.includes("\uFFFD")) return { ok: false, message: LOST_LETTERS_MESSAGE };
  // Read in another encoding, stray control characters mean the guess was wrong; in UTF-8 the rows' own checks name them.
  if (encoding !== "utf-8" && hasStrayControls(text)) return { ok: false, message: UNREADABLE_FILE_MESSAGE };
  return { ok: true, text, encoding, notice };
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}
