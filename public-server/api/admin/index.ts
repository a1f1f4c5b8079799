import type Router from "@koa/router";
import type { AppState, Services } from "../../context";
import { moderationRouter } from "./moderation";
import { importRouter } from "./import";
import { mailRouter } from "./mail";
import { assistanceRouter } from "./assistance";
import { activityRouter } from "./activity";
import { familyLinksRouter } from "./familyLinks";
import { correctionsRouter } from "./corrections";

/**
 * Every router mounted under /api/admin, behind requireAdmin. A feature
 * adds its router here with one line.
 */
export const adminRouters: ((s: Services) => Router<AppState>)[] = [
  // Before moderation's "/memorial-flowers/:id" (which passes a non-numeric id on, but the corrections list is found sooner here).
  correctionsRouter,
  moderationRouter,
  importRouter,
  mailRouter,
  assistanceRouter,
  activityRouter,
  familyLinksRouter,
];
