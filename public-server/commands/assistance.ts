import type { EntityManager } from "typeorm";
import type { Services } from "../context";
import type { AssistanceRequest } from "../entities/AssistanceRequest";
import { NotFound } from "../errors";
import { recordActivity } from "./activity";

/** An assistance request as the raw query reads it: the entity's fields, with its times as stored text. */
export type AssistanceRow = Omit<AssistanceRequest, "createdAt" | "handledAt"> & { createdAt: string; handledAt: string | null };

const SELECT = `SELECT id, first_name AS firstName, last_name AS lastName, email, phone_number AS phoneNumber, comments,
  created_at AS createdAt, handled_at AS handledAt, handled_by AS handledBy FROM assistance_requests`;

async function findRequest(m: EntityManager, id: number): Promise<AssistanceRow | undefined> {
  const rows: AssistanceRow[] = await m.query(`${SELECT} WHERE id = ?`, [id]);
  return rows[0];
}

/** One page of requests, newest first, with the count of all and of those not yet handled (the tab's badge). */
export async function assistancePage(
  m: EntityManager,
  page: number,
  pageSize: number,
): Promise<{ items: AssistanceRow[]; total: number; page: number; pageSize: number; notHandled: number }> {
  const [{ total, notHandled }] = await m.query<[{ total: number; notHandled: number }]>(
    `SELECT count(*) AS total, coalesce(sum(handled_at IS NULL), 0) AS notHandled FROM assistance_requests`,
  );
  const items: AssistanceRow[] = await m.query(`${SELECT} ORDER BY id DESC LIMIT ? OFFSET ?`, [pageSize, (page - 1) * pageSize]);
  return { items, total, page, pageSize, notHandled };
}

/** Sets or clears the handled mark (who and when), logged in the same transaction; answers the request as it is now. */
export async function markHandled(s: Services, id: number, handled: boolean, actor: string): Promise<AssistanceRow> {
  return s.db.transaction(async (tx) => {
    if (!(await findRequest(tx, id))) throw NotFound("This assistance request no longer exists.");
    await tx.query(
      handled
        ? `UPDATE assistance_requests SET handled_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'), handled_by = ? WHERE id = ?`
        : `UPDATE assistance_requests SET handled_at = NULL, handled_by = NULL WHERE id = ?`,
      handled ? [actor, id] : [id],
    );
    // The requester's name and email stay out of the log: the request number is enough.
    await recordActivity(tx, {
      actor,
      action: "handled",
      kind: "assistance",
      itemId: id,
      summary: handled ? `Assistance request #${id} marked as handled` : `Assistance request #${id} marked as not handled`,
    });
    return (await findRequest(tx, id))!;
  });
}
