import { z } from "./zod";
import { FLOWER_TYPES } from "../flowers";
import { LIMITS } from "../constants";
import { textProblem, type TextRules } from "../text";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../i18n/locale";
import { msg } from "../i18n/translate";

/** Refuses hidden characters (see shared/text.ts) with one clear sentence. */
const withoutHiddenCharacters =
  (rules: TextRules) =>
  (value: string, ctx: z.RefinementCtx): void => {
    const problem = textProblem(value, rules);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  };

/** A required, trimmed text; the same sentence for "missing" and "empty". Multi-line texts keep line breaks and tabs. */
export const requiredText = (message: string, max: number = LIMITS.name, rules: TextRules = {}) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters`).superRefine(withoutHiddenCharacters(rules));

/** An optional, trimmed text; empty, null or absent all become null. */
export const optionalText = (max: number = LIMITS.name) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters`)
    .superRefine(withoutHiddenCharacters({}))
    .nullish()
    .transform((value) => (value ? value : null));

/** A required email address. */
export const emailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(LIMITS.email, message)
    .pipe(z.email({ error: message }));

/** One of the ten flower types. */
export const flowerTypeField = z.enum(FLOWER_TYPES, { error: msg("Please choose one of the ten flowers") });

/** A positive whole-number id, sent as a number or a numeric string. */
export const idField = (message = "A valid id is required") =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).positive(message),
  );

/**
 * The language the visitor wrote in (the page's): the emails that follow are written in it.
 * Absent or empty means the site's default, so older pages and clients keep working.
 */
export const languageField = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.custom<Locale>(isLocale, { error: "The page's language is not one this site speaks" }).optional().default(DEFAULT_LOCALE),
);

/** The hidden field people never see; filled in, it marks a bot. */
export const honeypotField = z.string().max(500).optional();
