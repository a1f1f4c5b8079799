import type Router from "@koa/router";
import { createRouter } from "../../lib/router";
import type { EntityManager } from "typeorm";
import { AdminPageQuery } from "../../../shared/schemas/admin";
import { AssistanceHandledInput, type AdminAssistanceDto, type AdminAssistancePage } from "../../../shared/schemas/adminTools";
import type { AppState, Services } from "../../context";
import { recordActivity } from "../../commands/activity";
import { NotFound } from "../../errors";
import { idParam, parse } from "../../lib/validate";
import { parseDbTime } from "../../lib/time";

interface Row {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  comments: string;
  createdAt: string;
  handledAt: string | null;
  handledBy: string | null;
}

const SELECT = `SELECT id, first_name AS firstName, last_name AS lastName, email, phone_number AS phoneNumber, comments,
  created_at AS createdAt, handled_at AS handledAt, handled_by AS handledBy FROM assistance_requests`;

const iso = (value: string) => parseDbTime(value).toISOString();

const present = (r: Row): AdminAssistanceDto => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  phoneNumber: r.phoneNumber,
  comments: r.comments,
  createdAt: iso(r.createdAt),
  handled: r.handledAt !== null,
  handledAt: r.handledAt === null ? null : iso(r.handledAt),
  handledBy: r.handledBy,
});

async function findRequest(m: EntityManager, id: number): Promise<Row | undefined> {
  const rows: Row[] = await m.query(`${SELECT} WHERE id = ?`, [id]);
  return rows[0];
}

/**
 * Assistance requests for the team:
 * every detail, newest first, and a handled mark with who and when.
 */
export function assistanceRouter(s: Services): Router<AppState> {
  const router = createRouter();

  // With ?page= one page ({ items, total, page, pageSize, notHandled }) as the other admin lists answer;
  // without it every request, as before.
  router.get("/assistance-requests", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    if (ctx.query.page !== undefined) {
      const query = parse(AdminPageQuery, ctx.query);
      ctx.body = await s.db.run(async (m): Promise<AdminAssistancePage> => {
        const [{ total, notHandled }] = (await m.query(
          `SELECT count(*) AS total, coalesce(sum(handled_at IS NULL), 0) AS notHandled FROM assistance_requests`,
        )) as [{ total: number; notHandled: number }];
        const rows: Row[] = await m.query(`${SELECT} ORDER BY id DESC LIMIT ? OFFSET ?`, [query.pageSize, (query.page - 1) * query.pageSize]);
        return { items: rows.map(present), total, page: query.page, pageSize: query.pageSize, notHandled };
      });
      return;
    }
    const rows: Row[] = await s.db.run((m) => m.query(`${SELECT} ORDER BY id DESC`));
    ctx.body = rows.map(present);
  });

  router.post("/assistance-requests/:id/handled", async (ctx) => {
    const id = idParam(ctx.params.id);
    const { handled } = parse(AssistanceHandledInput, ctx.request.body);
    const actor = ctx.state.user!.username;
    const row = await s.db.transaction(async (tx) => {
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
    ctx.body = present(row);
  });

  return router;
}
