import type { Context } from "koa";
import type { FieldIssue } from "../../shared/errors";
import { issueText } from "../../shared/i18n/issues";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locale";
import { localeOfPath } from "../../shared/i18n/paths";
import type { MessageValues } from "../../shared/i18n/translate";
import type { ApiError } from "../errors";
import { t } from "./catalogs";
import { toIssues } from "./validate";

/**
 * The language of a request's answer: the page's language, which the site's scripts send with every call
 * (X-Page-Language, public-web/lib/api.ts), else the language of the address (a page, or a form posted
 * to one). Never the browser's Accept-Language: a page in English answers in English.
 */
export function requestLocale(ctx: Pick<Context, "get" | "path">): Locale {
  const asked = ctx.get("X-Page-Language");
  return isLocale(asked) ? asked : localeOfPath(ctx.path);
}

/**
 * A submission's body with the language its family's emails are written in: the one it names, else
 * the language of the page it was sent from (the site's scripts say it in X-Page-Language).
 */
export function withLanguage(ctx: Pick<Context, "get" | "path">, body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const named = (body as { language?: unknown }).language;
  return named === undefined || named === "" ? { ...body, language: requestLocale(ctx) } : body;
}

/** An error's sentence and field sentences in a language (as they are for English: the code's own). */
export function localised(err: ApiError, locale: Locale): { message: string; errors?: FieldIssue[] } {
  if (locale === DEFAULT_LOCALE) return { message: err.message, errors: err.errors };
  const say = (id: string, values?: MessageValues) => t(locale, id, values);
  if (err.zodError) {
    const errors = toIssues(err.zodError, (issue) => issueText(issue, say));
    return { message: errors[0]?.message ?? say(err.message), errors };
  }
  return { message: err.say ? err.say(say) : say(err.message), errors: err.errors?.map((issue) => ({ ...issue, message: say(issue.message) })) };
}
