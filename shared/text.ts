import { msg } from "./i18n/translate";

/**
 * What a name or message may hold. Every human script, accents and emoji are
 * welcome; refused are the characters nobody sees but that change what others
 * see: control characters (NUL, ESC, ...), text-direction overrides and
 * isolates (which can make "gpj.exe" read "exe.jpg"), zero-width and other
 * invisible characters, and the replacement character "�" that marks text
 * decoded in the wrong encoding.
 *
 * Joiners: U+200D (zero-width joiner) holds emoji sequences together
 * (👨‍👩‍👧, 🏳️‍🌈) and, with U+200C (zero-width non-joiner), shapes words in
 * Persian, Arabic and the Indic scripts (می‌خواهم, क्‍ष). Both are kept there:
 * ZWJ between two emoji, either one between two letters of a script that
 * uses them. Anywhere else (at an end, doubled, inside a Latin name) they only
 * hide a difference, and are refused like the other invisible characters.
 * The left-to-right and right-to-left marks (U+200E, U+200F, U+061C) stay:
 * they cannot reorder letters, and apps paste them into mixed Hebrew or
 * Arabic text and phone numbers.
 */

/** The one sentence for every hidden character. */
export const HIDDEN_CHARACTER_MESSAGE = msg(
  "Please remove the hidden character in this field (a control, zero-width or text-direction character, often picked up when copying and pasting). Letters of every language, accents and emoji are all welcome.",
);

/** For U+FFFD, left where a file in another encoding was read as UTF-8. */
export const UNREADABLE_CHARACTER_MESSAGE = msg(
  "This field has a character that could not be read (shown as �), usually from a file that was not saved as UTF-8. Please correct it and try again.",
);

/** For a text of invisible characters only (a braille blank, a lone direction mark or accent). */
export const INVISIBLE_TEXT_MESSAGE = msg("This field holds only characters that cannot be seen. Please type it with letters, numbers or emoji.");

export interface TextRules {
  /** Keeps line breaks and tabs (comments, testimonials). */
  multiline?: boolean;
}

const MULTILINE_CONTROLS = new Set(["\n", "\r", "\t"]);

/** Invisible or direction-changing format characters, always refused (joiners and tags are judged by place). */
const HIDDEN = /[\u00AD\u180E\u200B\u202A-\u202E\u2028\u2029\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\u3164\uFFA0\u115F\u1160]/u;

/** Scripts whose spelling uses U+200C/U+200D between letters. */
const JOINING_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Tibetan}\p{Script=Myanmar}\p{Script=Khmer}]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const EMOJI = /\p{Extended_Pictographic}/u;
const EMOJI_TAIL = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\u20E3]/u;

/** Characters that show something: letters, digits, punctuation, symbols (emoji among them), except the blank braille cell. */
const SEEN = /[\p{L}\p{N}\p{P}\p{S}]/u;
const BRAILLE_BLANK = "\u2800";

const BLACK_FLAG = 0x1f3f4;
const TAG_FIRST = 0xe0020;
const TAG_LAST = 0xe007e;
const TAG_END = 0xe007f;

/**
 * The sentence explaining why `text` cannot be kept, or null when it is fine.
 * Single-line fields refuse line breaks and tabs too.
 */
export function textProblem(text: string, rules: TextRules = {}): string | null {
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const code = char.codePointAt(0)!;
    if (code === 0xfffd) return UNREADABLE_CHARACTER_MESSAGE;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      if (rules.multiline && MULTILINE_CONTROLS.has(char)) continue;
      return HIDDEN_CHARACTER_MESSAGE;
    }
    if (code >= 0xd800 && code <= 0xdfff) return HIDDEN_CHARACTER_MESSAGE; // half of a character (a lone surrogate)
    if (HIDDEN.test(char)) return HIDDEN_CHARACTER_MESSAGE;
    if (code === 0x200c || code === 0x200d) {
      if (joinerBelongs(chars[i - 1], chars[i + 1], code === 0x200d)) continue;
      return HIDDEN_CHARACTER_MESSAGE;
    }
    if (code === BLACK_FLAG) {
      i = skipFlagTags(chars, i);
      continue;
    }
    if (code >= 0xe0000 && code <= 0xe007f) return HIDDEN_CHARACTER_MESSAGE; // tag characters outside a flag
  }
  // Each character above may be welcome beside others (a direction mark, an accent, an emoji's variation
  // selector), but a name of them alone shows nothing: a blank card, and a name nobody can tell from another.
  if (chars.length && !chars.some((char) => SEEN.test(char) && char !== BRAILLE_BLANK)) return INVISIBLE_TEXT_MESSAGE;
  return null;
}

function joinerBelongs(before: string | undefined, after: string | undefined, zwj: boolean): boolean {
  if (before === undefined || after === undefined) return false;
  if (zwj && EMOJI_TAIL.test(before) && EMOJI.test(after)) return true;
  return JOINING_SCRIPT.test(before) && LETTER_OR_MARK.test(before) && LETTER_OR_MARK.test(after);
}

/** A subdivision flag (🏴 + tag letters + cancel tag, e.g. Scotland's) is one emoji: returns the index of its last character. */
function skipFlagTags(chars: readonly string[], flag: number): number {
  let i = flag + 1;
  while (i < chars.length) {
    const code = chars[i]!.codePointAt(0)!;
    if (code === TAG_END) return i;
    if (code < TAG_FIRST || code > TAG_LAST) break;
    i++;
  }
  // No tags, or tags never closed: leave them to be judged one by one.
  return flag;
}
