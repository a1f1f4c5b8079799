import type { Queries } from ".";

/** A request for help as the team's email tells it. */
export interface AssistanceRequestForMail {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  comments: string;
  language: string;
  createdAt: string;
}

export async function assistanceRequestForMail(q: Queries, id: number): Promise<AssistanceRequestForMail | undefined> {
  const rows = await q.query<AssistanceRequestForMail[]>(
    `SELECT first_name AS firstName, last_name AS lastName, email, phone_number AS phoneNumber, comments, language, created_at AS createdAt
          FROM assistance_requests WHERE id = ?`,
    [id],
  );
  return rows[0];
}
