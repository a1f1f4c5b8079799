import { toCsv } from "../../shared/csv";
import { fullName } from "../../shared/garden";
import { parseDbTime } from "../lib/time";
import type { Queries } from "../queries";
import { mailingListRows } from "../queries/memorialFlowers";

export const MAILING_LIST_HEADER = ["Name", "Email", "Baby", "Opted in on", "List-Unsubscribe", "Language"] as const;

/**
 * The monthly-updates list: everyone who ticked emailUpdates on a memorial
 * flower, one line per address (compared without case). The name is the most
 * recent one given, the babies are all of that family's, and the date is the
 * first opt-in. Cells are neutralised against CSV injection: these are typed
 * by visitors and opened in spreadsheets.
 *
 * The last column is each address's List-Unsubscribe header (RFC 8058), for
 * the mailer that sends the updates: with `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click`, one click in the reader's mail program stops
 * them. `unsubscribe` makes the header's web address for a flower.
 *
 * The language ("en", "es") is the one the family wrote in with their first
 * memorial on the list: the one the server's own updates greet them in.
 */
export async function mailingListCsv(
  m: Queries,
  unsubscribe: (flowerId: number, createdAt: string) => string,
  teamEmail: string,
): Promise<{ csv: string; count: number }> {
  const rows = await mailingListRows(m);
  const byEmail = new Map<string, { name: string; email: string; babies: string[]; first: Date; header: string; language: string }>();
  const mailto = `<mailto:${encodeURI(teamEmail)}?subject=Unsubscribe>`;
  for (const r of rows) {
    const key = r.email.toLowerCase();
    const baby = fullName(r);
    const when = parseDbTime(r.createdAt);
    const seen = byEmail.get(key);
    if (!seen) {
      byEmail.set(key, {
        name: r.parentName?.trim() ?? "",
        email: r.email,
        babies: [baby],
        first: when,
        header: `<${unsubscribe(r.id, r.createdAt)}>, ${mailto}`,
        language: r.language,
      });
      continue;
    }
    if (r.parentName?.trim()) seen.name = r.parentName.trim();
    if (!seen.babies.includes(baby)) seen.babies.push(baby);
    if (when < seen.first) seen.first = when;
  }
  const lines = [...byEmail.values()].map((e) => [e.name, e.email, e.babies.join("; "), e.first.toISOString().slice(0, 10), e.header, e.language]);
  return { csv: toCsv([MAILING_LIST_HEADER, ...lines], { neutraliseFormulas: true }), count: lines.length };
}
