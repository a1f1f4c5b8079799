import crypto from "node:crypto";
import type { Queries, Services } from "../context";
import type { PublicFlowerDto } from "../../shared/schemas/public";
import type { User } from "../entities/User";
import { NotFound } from "../errors";
import { toDbTime } from "../lib/time";
import { storeNameSearch } from "../queries/memorialFlowers";
import { FAMILY_ACTOR, recordActivity } from "./activity";
import { KINDS } from "./moderation";
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
  await tx.query(`INSERT INTO family_links (flower_id, token_hash, created_at, last_used_at) VALUES (?, ?, ?, ?)`, [flowerId, hashOf(token), at, at]);
  await tx.query(
    `UPDATE family_links SET revoked_at = ? WHERE flower_id = ? AND revoked_at IS NULL
       AND id NOT IN (SELECT id FROM family_links WHERE flower_id = ? AND revoked_at IS NULL ORDER BY id DESC LIMIT ${MAX_LIVE_LINKS})`,
    [at, flowerId, flowerId],
  );
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
    for (const id of ids) {
      const exists: unknown[] = await tx.query(`SELECT 1 FROM memorial_flowers WHERE id = ?`, [id]);
      if (exists.length) tokens.set(id, await issueLink(tx, id, s.config.now()));
    }
  });
  const fill = (text: string) => text.replace(LINK_MARK, (_, id: string) => (tokens.has(Number(id)) ? `?token=${tokens.get(Number(id))}` : ""));
  return { ...message, text: fill(message.text), html: fill(message.html) };
}

export interface LiveLink {
  linkId: number;
  flowerId: number;
}

type LinkRow = { id: number; flowerId: number; lastUsedAt: string; revokedAt: string | null };

const isLive = (row: LinkRow | undefined, now: Date): row is LinkRow =>
  row !== undefined && row.revokedAt === null && now.getTime() - Date.parse(row.lastUsedAt) < LINK_IDLE_MS;

/** The link a token opens, if it still works. Reads only. */
export async function linkForToken(s: Services, token: string): Promise<LiveLink | null> {
  if (!isTokenShaped(token)) return null;
  const row = await s.db.read((db) =>
    db
      .prepare(`SELECT id, flower_id AS flowerId, last_used_at AS lastUsedAt, revoked_at AS revokedAt FROM family_links WHERE token_hash = ?`)
      .get(hashOf(token)),
  );
  return isLive(row as LinkRow | undefined, s.config.now()) ? { linkId: (row as LinkRow).id, flowerId: (row as LinkRow).flowerId } : null;
}

/** The link by its id (what the page's cookie names), if it still works. */
export async function linkById(s: Services, linkId: number): Promise<LiveLink | null> {
  const row = await s.db.read((db) =>
    db.prepare(`SELECT id, flower_id AS flowerId, last_used_at AS lastUsedAt, revoked_at AS revokedAt FROM family_links WHERE id = ?`).get(linkId),
  );
  return isLive(row as LinkRow | undefined, s.config.now()) ? { linkId, flowerId: (row as LinkRow).flowerId } : null;
}

/** Records that the link was opened (its year without use starts again). Touches nothing else. */
export async function markUsed(s: Services, linkId: number): Promise<void> {
  await s.db.run((m) => m.query(`UPDATE family_links SET last_used_at = ? WHERE id = ?`, [toDbTime(s.config.now()), linkId]));
}

/** What the manage page shows and offers: the memorial as the garden shows it, and the family's choices. */
export interface FamilyView extends PublicFlowerDto {
  approved: boolean;
  withdrawnAt: string | null;
  commentsOff: boolean;
  surnameHidden: boolean;
  emailUpdates: boolean;
  hasEmail: boolean;
  linkOnly: boolean;
  searchHidden: boolean;
  /** The surname as the family wrote it, even where the memorial shows its initial. */
  fullLastName: string | null;
  /** The language the family wrote in: their link opens the manage page in it. */
  language: Locale;
  /** The correction waiting for a volunteer: the fields it changes, as they would read. */
  correction: Partial<Record<CorrectedField, string | null>> | null;
}

export async function familyView(s: Services, flowerId: number): Promise<FamilyView | null> {
  const row = (await s.db.read((db) =>
    db
      .prepare(
        `SELECT id, baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName, baby_last_name AS babyLastName, loss_date AS lossDate,
           flower_type AS flowerType, approved, withdrawn_at AS withdrawnAt, comments_off AS commentsOff, hidden_last_name IS NOT NULL AS surnameHidden,
           email_updates AS emailUpdates, coalesce(trim(email), '') <> '' AS hasEmail, link_only AS linkOnly, search_hidden AS searchHidden,
           coalesce(hidden_last_name, baby_last_name) AS fullLastName, language
         FROM memorial_flowers WHERE id = ?`,
      )
      .get(flowerId),
  )) as Record<string, unknown> | undefined;
  if (!row) return null;
  return {
    ...(row as unknown as FamilyView),
    approved: Boolean(row.approved),
    commentsOff: Boolean(row.commentsOff),
    surnameHidden: Boolean(row.surnameHidden),
    emailUpdates: Boolean(row.emailUpdates),
    hasEmail: Boolean(row.hasEmail),
    linkOnly: Boolean(row.linkOnly),
    searchHidden: Boolean(row.searchHidden),
    language: isLocale(row.language) ? row.language : DEFAULT_LOCALE,
    correction: await waitingCorrection(s, flowerId),
  };
}

import { FAMILY_CHANGES, type FamilyChange } from "../family/changes";

export { FAMILY_CHANGES, type FamilyChange };

/** Each change's SET and the state it applies to; `:at` is now. */
const UPDATES: Record<Exclude<FamilyChange, "delete">, { set: string; when: string }> = {
  // Out of every public read at once (they all ask for approved flowers), and out of the volunteers' queue.
  withdraw: { set: "withdrawn_approved = approved, approved = 0, withdrawn_at = :at", when: "withdrawn_at IS NULL" },
  restore: { set: "approved = withdrawn_approved, withdrawn_approved = 0, withdrawn_at = NULL", when: "withdrawn_at IS NOT NULL" },
  "comments-off": { set: "comments_off = 1", when: "comments_off = 0" },
  "comments-on": { set: "comments_off = 0", when: "comments_off = 1" },
  "surname-initial": {
    set: "hidden_last_name = baby_last_name, baby_last_name = substr(trim(baby_last_name), 1, 1) || '.'",
    when: "hidden_last_name IS NULL AND length(trim(coalesce(baby_last_name, ''))) > 2",
  },
  "surname-full": { set: "baby_last_name = hidden_last_name, hidden_last_name = NULL", when: "hidden_last_name IS NOT NULL" },
  "updates-off": { set: "email_updates = 0", when: "email_updates = 1" },
  "updates-on": { set: "email_updates = 1", when: "email_updates = 0" },
  // Out of the garden's index (its views, search and counts) by its triggers; the memorial's own address still works.
  "link-only": { set: "link_only = 1", when: "link_only = 0" },
  listed: { set: "link_only = 0", when: "link_only = 1" },
  "search-off": { set: "search_hidden = 1", when: "search_hidden = 0" },
  "search-on": { set: "search_hidden = 0", when: "search_hidden = 1" },
};

/**
 * Makes one change a family asked for through their link, at once, with its
 * event (the activity log, and a note to the address on file) in the same
 * transaction. A change that is already so changes nothing and sends nothing.
 * Answers whether anything changed.
 */
export async function familyChange(s: Services, flowerId: number, change: FamilyChange): Promise<boolean> {
  const changed = await s.db.transaction(async (tx) => {
    const exists: unknown[] = await tx.query(`SELECT 1 FROM memorial_flowers WHERE id = ?`, [flowerId]);
    if (!exists.length) throw NotFound("This memorial is no longer here.");
    if (change === "delete") {
      // The event is told first: the note and the log read the memorial before it is gone.
      await s.emit(tx, { type: "family", change, id: flowerId });
      await erase(tx, flowerId);
      return true;
    }
    const { set, when } = UPDATES[change];
    const at = toDbTime(s.config.now());
    const params: unknown[] = [];
    const sql = `UPDATE memorial_flowers SET ${set}, version = version + 1, updated_at = :at WHERE id = :id AND ${when}`.replace(/:(at|id)/g, (_, k) => {
      params.push(k === "at" ? at : flowerId);
      return "?";
    });
    await tx.query(sql, params);
    const [{ n }] = await tx.query<[{ n: number }]>(`SELECT changes() AS n`);
    if (n === 0) return false;
    if (change === "surname-initial" || change === "surname-full") await storeNameSearch(tx, flowerId);
    await s.emit(tx, { type: "family", change, id: flowerId });
    return true;
  });
  return changed;
}

/**
 * The family's emails about a flower (received, approved, links, notes): their dedupe keys name it by id and
 * creation time. The id is bound as text (a number bound by better-sqlite3 is a REAL, "12.0" in a string).
 */
const FAMILY_MAIL = `kind IN ('flower-received', 'flower-approved', 'family-link', 'family-note', 'remembrance-confirm', 'remembrance-note', 'monthly-update') AND dedupe_key LIKE '%:' || ? || ':' || ? || '%'`;

/**
 * Deletes a flower with its comments and links (the tables cascade), and
 * notes it in `family_erasures` so that the retention job deletes it from
 * the backups and its emails from the outbox as well.
 */
async function erase(tx: Queries, flowerId: number): Promise<void> {
  await tx.query(`INSERT OR IGNORE INTO family_erasures (flower_id, flower_created_at) SELECT id, created_at FROM memorial_flowers WHERE id = ?`, [flowerId]);
  await tx.query(`DELETE FROM memorial_flowers WHERE id = ?`, [flowerId]);
}

/**
 * The retention job's part for families: a memorial withdrawn UNDO_DAYS ago
 * is deleted; then every erased memorial's emails (once sent or given up)
 * leave the outbox and its folder, and the memorial leaves every backup.
 * Answers how many memorials were deleted now, and how many emails and
 * backups were cleaned.
 */
export async function purgeFamilyErasures(
  s: Services,
  scrubBackups: (deletes: { sql: string; params: unknown[] }[]) => Promise<number>,
  removeEml: (id: number, kind: string) => void,
): Promise<{ withdrawn: number; emails: number; backups: number }> {
  const cutoff = toDbTime(new Date(s.config.now().getTime() - UNDO_DAYS * 86_400_000));
  const { withdrawn, erasures, emails } = await s.db.transaction(async (tx) => {
    const due: { id: number }[] = await tx.query(`SELECT id FROM memorial_flowers WHERE withdrawn_at IS NOT NULL AND withdrawn_at < ?`, [cutoff]);
    for (const { id } of due) {
      await recordActivity(tx, {
        actor: FAMILY_ACTOR,
        action: "family",
        kind: "flower",
        itemId: id,
        summary: `Deleted ${UNDO_DAYS} days after the family withdrew it: ${await KINDS.flower.summarise(tx, id)}`,
      });
      await erase(tx, id);
    }
    const erasures: { id: number; createdAt: string }[] = await tx.query(`SELECT flower_id AS id, flower_created_at AS createdAt FROM family_erasures`);
    const emails: { id: number; kind: string }[] = [];
    for (const e of erasures) {
      const done = `status <> 'pending' AND ${FAMILY_MAIL}`;
      emails.push(...(await tx.query<{ id: number; kind: string }[]>(`SELECT id, kind FROM outbox WHERE ${done}`, [String(e.id), e.createdAt])));
      await tx.query(`DELETE FROM outbox WHERE ${done}`, [String(e.id), e.createdAt]);
    }
    return { withdrawn: due.length, erasures, emails };
  });
  for (const m of emails) removeEml(m.id, m.kind);
  const backups = erasures.length
    ? await scrubBackups(
        erasures.flatMap((e) => [
          {
            sql: `DELETE FROM memorial_comments WHERE memorial_flower_id IN (SELECT id FROM memorial_flowers WHERE id = ? AND created_at = ?)`,
            params: [e.id, e.createdAt],
          },
          { sql: `DELETE FROM memorial_flowers WHERE id = ? AND created_at = ?`, params: [e.id, e.createdAt] },
          { sql: `DELETE FROM outbox WHERE ${FAMILY_MAIL}`, params: [String(e.id), e.createdAt] },
        ]),
      )
    : 0;
  return { withdrawn, emails: emails.length, backups };
}

/** Retires every link of a flower (an administrator's choice, when a link went where it should not). Answers how many. */
export async function revokeLinks(s: Services, flowerId: number, actor: User): Promise<number> {
  return s.db.transaction(async (tx) => {
    const exists: unknown[] = await tx.query(`SELECT 1 FROM memorial_flowers WHERE id = ?`, [flowerId]);
    if (!exists.length) throw NotFound("This memorial flower no longer exists.");
    await tx.query(`UPDATE family_links SET revoked_at = ? WHERE flower_id = ? AND revoked_at IS NULL`, [toDbTime(s.config.now()), flowerId]);
    const [{ n }] = await tx.query<[{ n: number }]>(`SELECT changes() AS n`);
    if (n) await s.emit(tx, { type: "family-link", action: "revoked", id: flowerId, actor });
    return n;
  });
}

/** How many of a flower's links work now, for the administrators. */
export async function liveLinkCount(s: Services, flowerId: number): Promise<number> {
  const cutoff = toDbTime(new Date(s.config.now().getTime() - LINK_IDLE_MS));
  return s.db.read(
    (db) =>
      (
        db.prepare(`SELECT count(*) AS n FROM family_links WHERE flower_id = ? AND revoked_at IS NULL AND last_used_at > ?`).get(flowerId, cutoff) as {
          n: number;
        }
      ).n,
  );
}
