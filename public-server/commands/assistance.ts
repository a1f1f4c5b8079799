import type { Queries, Services } from "../context";
import { NotFound } from "../errors";
import {
  assistanceRequestRows,
  countAssistanceRequests,
  findAssistanceRequest,
  markAssistanceHandled,
  markAssistanceNotHandled,
  type AssistanceRow,
} from "../queries/assistanceRequests";
import { recordActivity } from "./activity";

/** One page of requests, newest first, with the count of all and of those not yet handled (the tab's badge). */
export async function assistancePage(
  q: Queries,
  page: number,
  pageSize: number,
): Promise<{ items: AssistanceRow[]; total: number; page: number; pageSize: number; notHandled: number }> {
  const { total, notHandled } = await countAssistanceRequests(q);
  const items = await assistanceRequestRows(q, pageSize, (page - 1) * pageSize);
  return { items, total, page, pageSize, notHandled };
}

/** Sets or clears the handled mark (who and when), logged in the same transaction; answers the request as it is now. */
export async function markHandled(s: Services, id: number, handled: boolean, actor: string): Promise<AssistanceRow> {
  return s.db.transaction(async (tx) => {
    if (!(await findAssistanceRequest(tx, id))) throw NotFound("This assistance request no longer exists.");
    if (handled) await markAssistanceHandled(tx, id, actor);
    else await markAssistanceNotHandled(tx, id);
    // The requester's name and email stay out of the log: the request number is enough.
    await recordActivity(tx, {
      actor,
      action: "handled",
      kind: "assistance",
      itemId: id,
      summary: handled ? `Assistance request #${id} marked as handled` : `Assistance request #${id} marked as not handled`,
    });
    return (await findAssistanceRequest(tx, id))!;
  });
}
