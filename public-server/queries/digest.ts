import type { DigestCounts } from "../mail/messages";
import type { Queries } from ".";

/**
 * What waits for the team, for the daily digest: testimonials, flowers (a withdrawn memorial waits for
 * nobody) and comments to review, and the requests for help of the last day. Four tables in one statement,
 * so the counts are of one moment.
 */
export async function waitingForTeam(q: Queries): Promise<DigestCounts> {
  const rows = await q.query<DigestCounts[]>(`SELECT
    (SELECT count(*) FROM testimonials WHERE approved = 0) AS testimonials,
    (SELECT count(*) FROM memorial_flowers WHERE approved = 0 AND withdrawn_at IS NULL) AS flowers,
    (SELECT count(*) FROM memorial_comments WHERE approved = 0) AS comments,
    (SELECT count(*) FROM assistance_requests WHERE julianday(created_at) >= julianday('now', '-1 day')) AS requests`);
  return rows[0]!;
}
