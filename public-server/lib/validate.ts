import type { z } from "zod";
import type { FieldIssue } from "../../shared/errors";
import { BadRequest, NotFound, ValidationFailed } from "../errors";

/** Validates `value` with a shared zod schema; a failure answers 400 with every field's sentence. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const failed = ValidationFailed(toIssues(result.error));
  failed.zodError = result.error; // said again in the request's language (lib/localise.ts)
  throw failed;
}

const ASK_FOR_A_PAGE = {
  status: "This list comes one page at a time. Please ask for ?status=pending or ?status=approved.",
  page: "This list comes one page at a time. Please ask for ?page=1 (and the pages after it).",
};

/**
 * The query of an admin list, which answers one page. Asked without its page (clients once got every item
 * that way), a 400 that says how to ask, rather than a page an older client would misread as the whole list.
 */
export function pageQuery<S extends z.ZodType>(schema: S, query: Record<string, unknown>, key: keyof typeof ASK_FOR_A_PAGE): z.output<S> {
  if (query[key] === undefined) throw BadRequest(ASK_FOR_A_PAGE[key]);
  return parse(schema, query);
}

/** zod issues as the API's field issues, in order, one per path; each sentence as `say` words it (as written: English). */
export function toIssues(error: z.ZodError, say: (issue: z.core.$ZodIssue) => string = (issue) => issue.message): FieldIssue[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    if (seen.has(path)) continue;
    seen.add(path);
    issues.push(path ? { path, message: say(issue) } : { message: say(issue) });
  }
  return issues;
}

/** The numeric id of a route parameter, or a 404 (an id that cannot exist is simply not found). */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,15}$/.test(value)) throw NotFound();
  return Number(value);
}

/**
 * The version a client says it last saw, from If-Match (`"3"`, `W/"3"` or
 * `3`). Undefined when the header is absent: the change then applies to
 * whatever is current, as the web admin expects.
 */
export function expectedVersion(ifMatch: string | undefined): number | undefined {
  if (!ifMatch || ifMatch.trim() === "*") return undefined;
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(ifMatch.trim());
  if (!match) throw ValidationFailed([{ message: 'If-Match must carry the version number of the item, such as "3".' }]);
  return Number(match[1]);
}
