import { msg } from "./translate";

/** What a schema's issue says, as zod reports it: its sentence (an English msgid), its kind and, for a length, the limit. */
interface Issue {
  code?: string;
  message: string;
  maximum?: unknown;
}

/** How a length limit is said in every language; the schemas' own sentence is its English ("Please keep this under 100 characters"). */
const TOO_LONG = msg("Please keep this under {max} characters");

/**
 * An issue's sentence through a language's `t`: the browser (beside a field), the server's JSON errors and
 * the pages of forms sent without JavaScript all show it so, in the page's language. The schemas' sentences
 * are their msgids; a length limit's is said with its number.
 */
export function issueText(issue: Issue, t: (id: string, values?: Record<string, string>) => string): string {
  if (
    issue.code === "too_big" &&
    (typeof issue.maximum === "number" || typeof issue.maximum === "bigint") &&
    issue.message.startsWith("Please keep this under ")
  )
    return t(TOO_LONG, { max: String(issue.maximum) });
  return t(issue.message);
}
