import { contains, idOf, idPage, type IdPage, type Queries } from ".";

/** One page of the testimonial ids of a status, newest first, searched in the names and the text (or by ID), with how many there are. */
export function testimonialIdsPage(
  q: Queries,
  filter: { approved: boolean; beforeId?: number; search?: string },
  page: { limit: number; offset: number },
): Promise<IdPage> {
  const where = ["approved = ?"];
  const params: unknown[] = [filter.approved ? 1 : 0];
  if (filter.beforeId) {
    where.push("id < ?");
    params.push(filter.beforeId);
  }
  if (filter.search) {
    where.push(`(id = ? OR (first_name || ' ' || last_name) LIKE ? ESCAPE '\\' OR child_name LIKE ? ESCAPE '\\' OR testimonial LIKE ? ESCAPE '\\')`);
    const like = contains(filter.search);
    params.push(idOf(filter.search), like, like, like);
  }
  return idPage(q, "testimonials", where, params, page);
}

// For the email to a family whose testimonial was approved.
export interface TestimonialForMail {
  firstName: string;
  email: string | null;
  language: string;
  createdAt: string;
}

export async function testimonialForMail(q: Queries, id: number): Promise<TestimonialForMail | undefined> {
  const rows = await q.query<TestimonialForMail[]>(`SELECT first_name AS firstName, email, language, created_at AS createdAt FROM testimonials WHERE id = ?`, [
    id,
  ]);
  return rows[0];
}

/** For the activity log: "Testimonial by" the first name and the initial of the last (never an email). */
export async function testimonialSummary(q: Queries, id: number): Promise<string> {
  const rows = await q.query<{ s: string }[]>(
    "SELECT 'Testimonial by ' || first_name || ' ' || substr(last_name, 1, 1) || '.' AS s FROM testimonials WHERE id = ?",
    [id],
  );
  return rows[0]?.s ?? "";
}
