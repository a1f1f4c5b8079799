import type { Queries } from ".";
import type { AssistanceRequest } from "../entities/AssistanceRequest";
import type { BackupDelete } from "../writer/protocol";

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

/** An assistance request as the team's list reads it: the entity's fields but its language, with its times as stored text. */
export type AssistanceRow = Omit<AssistanceRequest, "createdAt" | "handledAt" | "language"> & { createdAt: string; handledAt: string | null };

const SELECT = `SELECT id, first_name AS firstName, last_name AS lastName, email, phone_number AS phoneNumber, comments,
  created_at AS createdAt, handled_at AS handledAt, handled_by AS handledBy FROM assistance_requests`;

export async function findAssistanceRequest(q: Queries, id: number): Promise<AssistanceRow | undefined> {
  const rows = await q.query<AssistanceRow[]>(`${SELECT} WHERE id = ?`, [id]);
  return rows[0];
}

/** How many requests there are, and how many of them nobody has marked handled yet. */
export async function countAssistanceRequests(q: Queries): Promise<{ total: number; notHandled: number }> {
  const [counts] = await q.query<[{ total: number; notHandled: number }]>(
    `SELECT count(*) AS total, coalesce(sum(handled_at IS NULL), 0) AS notHandled FROM assistance_requests`,
  );
  return counts;
}

/** Requests newest first, `limit` of them after the first `offset`. */
export function assistanceRequestRows(q: Queries, limit: number, offset: number): Promise<AssistanceRow[]> {
  return q.query<AssistanceRow[]>(`${SELECT} ORDER BY id DESC LIMIT ? OFFSET ?`, [limit, offset]);
}

/** Marks a request handled by `actor`, now. */
export async function markAssistanceHandled(q: Queries, id: number, actor: string): Promise<void> {
  await q.query(`UPDATE assistance_requests SET handled_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'), handled_by = ? WHERE id = ?`, [actor, id]);
}

/** Clears a request's handled mark (who and when). */
export async function markAssistanceNotHandled(q: Queries, id: number): Promise<void> {
  await q.query(`UPDATE assistance_requests SET handled_at = NULL, handled_by = NULL WHERE id = ?`, [id]);
}

/** The ids of the requests received before `cutoff` (an ISO time). */
export async function assistanceRequestIdsBefore(q: Queries, cutoff: string): Promise<number[]> {
  const rows = await q.query<{ id: number }[]>(`SELECT id FROM assistance_requests WHERE julianday(created_at) < julianday(?)`, [cutoff]);
  return rows.map((r) => r.id);
}

/** Deletes the requests received before `cutoff`, as a statement a backup can run too (the retention job scrubs them). */
export const deleteAssistanceRequestsBeforeSql = (cutoff: string): BackupDelete => ({
  sql: `DELETE FROM assistance_requests WHERE julianday(created_at) < julianday(?)`,
  params: [cutoff],
});

/** Deletes the requests received before `cutoff`. */
export async function deleteAssistanceRequestsBefore(q: Queries, cutoff: string): Promise<void> {
  const { sql, params } = deleteAssistanceRequestsBeforeSql(cutoff);
  await q.query(sql, params);
}
