import crypto from "node:crypto";
import type { Queries, Services } from "../context";
import type { User } from "../entities/User";
import { NotFound } from "../errors";
import { toDbTime } from "../lib/time";
import {
  changeFlowerForFamily,
  deleteFlower,
  familyFlower,
  flowerExists,
  flowersWithdrawnBefore,
  storeNameSearch,
  type FamilyFlowerRow,
} from "../queries/memorialFlowers";
import {
  countUsedFamilyLinks,
  familyLinkById,
  familyLinkByTokenHash,
  markFamilyLinkUsed,
  revokeFamilyLinks,
  storeFamilyLink,
  type FamilyLinkRow,
} from "../queries/familyLinks";
import { erasureBackupDeletes, familyErasures, forgetCleanErasures, noteFamilyErasure } from "../queries/familyErasures";
import { deleteFinishedFamilyMail, finishedFamilyMail } from "../queries/outbox";
import { FAMILY_ACTOR, recordActivity } from "./activity";
import { SUMMARY } from "./moderation";
import { waitingCorrection } from "./corrections";
import type { CorrectedField } from "../../shared/schemas/admin";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locale";

/** Where a family manages their memorial: the private link opens it, and every action posts to it. */
export const MANAGE_PATH = "/manage-memorial";
/** A link nobody has opened for this long stops working (a new one can be asked for on the page). */
export const LINK_IDLE_MS = 365 * 86_400_000;
/** Links per flower that work at once: asking for another retires the oldest. */
const MAX_LIVE_LINKS = 3;
/** A withdrawn memorial can be brought back for this long, then it is deleted. */
export const UNDO_DAYS = 30;

/** A link's token: 256 random bits in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export const isTokenShaped = (token: string) => TOKEN_SHAPE.test(token);

/** Only this is stored: whoever reads the database (or a backup) cannot open the link. */
const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * Marks where an outbox message carries a family's link. The link itself is
 * made only when the message is sent (fillFamilyLinks), so it is never in the
 * database, only in the email.
 */
const LINK_MARK = /\[\[family-link:(\d+)\]\]/g;
export const familyLinkMark = (flowerId: number) => `[[family-link:${flowerId}]]`;

/** Makes a new link for `flowerId` in `tx`; the newest MAX_LIVE_LINKS links are live, older ones retired. */
export async function issueLink(tx: Queries, flowerId: number, now: Date): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const at = toDbTime(now);
  await storeFamilyLink(tx, { flowerId, tokenHash: hashOf(token), at }, MAX_LIVE_LINKS);
  return token;
}

/**
 * The message's text and HTML with a fresh link in place of each mark, made
 * now in its own write; the stored message keeps the mark. A mark whose
 * flower is gone becomes the page where a new link can be asked for.
 */
export async function fillFamilyLinks<T extends { text: string; html: string }>(s: Services, message: T): Promise<T> {
  const ids = [...new Set([...message.text.matchAll(LINK_MARK)].map((m) => Number(m[1])))];
  if (ids.length === 0) return message;
  const tokens = new Map<number, string>();
  await s.db.transaction(async (tx) => {
    for (const id of ids) if (await flowerExists(tx, id)) tokens.set(id, await issueLink(tx, id, s.config.now()));
  });
  const fill = (text: string) => text.replace(LINK_MARK, (_, id: string) => (tokens.has(Number(id)) ? `?token=${tokens.get(Number(id))}` : ""));
  return { ...message, text: fill(message.text), html: fill(message.html) };
}

export interface LiveLink {
  linkId: number;
  flowerId: number;
}

const isLive = (row: FamilyLinkRow | undefined, now: Date): row is FamilyLinkRow =>
  row !== undefined && row.revokedAt === null && now.getTime() - Date.parse(row.lastUsedAt) < LINK_IDLE_MS;

/** The link a token opens, if it still works. Reads only. */
export async function linkForToken(s: Services, token: string): Promise<LiveLink | null> {
  if (!isTokenShaped(token)) return null;
  const row = await s.db.read((_, m) => familyLinkByTokenHash(m, hashOf(token)));
  return isLive(row, s.config.now()) ? { linkId: row.id, flowerId: row.flowerId } : null;
}

/** The link by its id (what the page's cookie names), if it still works. */
export async function linkById(s: Services, linkId: number): Promise<LiveLink | null> {
  const row = await s.db.read((_, m) => familyLinkById(m, linkId));
  return isLive(row, s.config.now()) ? { linkId, flowerId: row.flowerId } : null;
}

/** Records that the link was opened (its year without use starts again). Touches nothing else. */
export async function markUsed(s: Services, linkId: number): Promise<void> {
  await s.db.run((m) => markFamilyLinkUsed(m, linkId, toDbTime(s.config.now())));
}

/** What the manage page shows and offers: the memorial as the garden shows it, and the family's choices. */
export interface FamilyView extends Omit<FamilyFlowerRow, "language"> {
  /** The language the family wrote in: their link opens the manage page in it. */
  language: Locale;
  /** The correction waiting for a volunteer: the fields it changes, as they would read. */
  correction: Partial<Record<CorrectedField, string | null>> | null;
}

export async function familyView(s: Services, flowerId: number): Promise<FamilyView | null> {
  const row = await s.db.read((_, m) => familyFlower(m, flowerId));
  if (!row) return null;
  return {
    ...row,
    language: isLocale(row.language) ? row.language : DEFAULT_LOCALE,
    correction: await waitingCorrection(s, flowerId),
  };
}

import { FAMILY_CHANGES, type FamilyChange } from "../family/changes";

export { FAMILY_CHANGES, type FamilyChange };

/**
 * Makes one change a family asked for through their link, at once, with its
 * event (the activity log, and a note to the address on file) in the same
 * transaction. A change that is already so changes nothing and sends nothing.
 * Answers whether anything changed.
 */
export async function familyChange(s: Services, flowerId: number, change: FamilyChange): Promise<boolean> {
  const changed = await s.db.transaction(async (tx) => {
    if (!(await flowerExists(tx, flowerId))) throw NotFound("This memorial is no longer here.");
    if (change === "delete") {
      // The event is told first: the note and the log read the memorial before it is gone.
      await s.emit(tx, { type: "family", change, id: flowerId });
      await erase(tx, flowerId);
      return true;
    }
    if (!(await changeFlowerForFamily(tx, flowerId, change, toDbTime(s.config.now())))) return false;
    if (change === "surname-initial" || change === "surname-full") await storeNameSearch(tx, flowerId);
    await s.emit(tx, { type: "family", change, id: flowerId });
    return true;
  });
  return changed;
}

/**
 * Deletes a flower with its comments and links (the tables cascade), and
 * notes it in `family_erasures` so that the retention job deletes it from
 * the backups and its emails from the outbox as well.
 */
async function erase(tx: Queries, flowerId: number): Promise<void> {
  await noteFamilyErasure(tx, flowerId);
  await deleteFlower(tx, flowerId);
}

/** What a scrub of the backups did: how many changed, how many could not be scrubbed. */
export interface ScrubResult {
  changed: number;
  failed: number;
}

/**
 * The retention job's part for families: a memorial withdrawn UNDO_DAYS ago
 * is deleted; then every erased memorial's emails (once sent or given up)
 * leave the outbox and its folder, and the memorial leaves every backup.
 * Answers how many memorials were deleted now, and how many emails and
 * backups were cleaned.
 *
 * An erased memorial is forgotten once nothing of it is left: no email of it
 * in the outbox, and every backup scrubbed of it without a failure (backups
 * taken since never held it). Kept for ever, each pass searched the outbox
 * and every backup again for every memorial a family ever deleted.
 */
export async function purgeFamilyErasures(
  s: Services,
  scrubBackups: (deletes: { sql: string; params: unknown[] }[]) => Promise<ScrubResult>,
  removeEml: (id: number, kind: string) => void,
): Promise<{ withdrawn: number; emails: number; backups: number }> {
  const cutoff = toDbTime(new Date(s.config.now().getTime() - UNDO_DAYS * 86_400_000));
  const { withdrawn, erasures, emails } = await s.db.transaction(async (tx) => {
    const due = await flowersWithdrawnBefore(tx, cutoff);
    for (const id of due) {
      await recordActivity(tx, {
        actor: FAMILY_ACTOR,
        action: "family",
        kind: "flower",
        itemId: id,
        summary: `Deleted ${UNDO_DAYS} days after the family withdrew it: ${await SUMMARY.flower(tx, id)}`,
      });
      await erase(tx, id);
    }
    const erasures = await familyErasures(tx);
    const emails: { id: number; kind: string }[] = [];
    for (const e of erasures) {
      emails.push(...(await finishedFamilyMail(tx, e)));
      await deleteFinishedFamilyMail(tx, e);
    }
    return { withdrawn: due.length, erasures, emails };
  });
  for (const m of emails) removeEml(m.id, m.kind);
  if (!erasures.length) return { withdrawn, emails: emails.length, backups: 0 };
  const backups = await scrubBackups(erasures.flatMap(erasureBackupDeletes));
  if (backups.failed === 0) await s.db.transaction(async (tx) => forgetCleanErasures(tx, erasures));
  return { withdrawn, emails: emails.length, backups: backups.changed };
}

/** Retires every link of a flower (an administrator's choice, when a link went where it should not). Answers how many. */
export async function revokeLinks(s: Services, flowerId: number, actor: User): Promise<number> {
  return s.db.transaction(async (tx) => {
    if (!(await flowerExists(tx, flowerId))) throw NotFound("This memorial flower no longer exists.");
    const n = await revokeFamilyLinks(tx, flowerId, toDbTime(s.config.now()));
    if (n) await s.emit(tx, { type: "family-link", action: "revoked", id: flowerId, actor });
    return n;
  });
}

/** How many of a flower's links work now, for the administrators. */
export async function liveLinkCount(s: Services, flowerId: number): Promise<number> {
  const cutoff = toDbTime(new Date(s.config.now().getTime() - LINK_IDLE_MS));
  return s.db.read((_, m) => countUsedFamilyLinks(m, flowerId, cutoff));
}
