import type { Queries } from ".";

/** A family's sign-up for remembrance notes, one per flower, as stored. */
export interface NoteRow {
  id: number;
  flowerId: number;
  anniversaryMonth: number | null;
  anniversaryDay: number | null;
  dueMonth: number | null;
  dueDay: number | null;
  remembranceDays: string;
  timeZone: string;
  locale: string;
  createdAt: string;
  confirmedAt: string | null;
  stoppedAt: string | null;
  pausedYear: number | null;
  lastQueuedAt: string | null;
}

/** A sign-up with what its emails need of its flower. */
export type NoteWithFlower = NoteRow & {
  parentName: string | null;
  email: string;
  babyFirstName: string;
  babyMiddleName: string | null;
  babyLastName: string | null;
  flowerType: string;
  flowerCreatedAt: string;
};

const NOTE_COLUMNS = `n.id, n.flower_id AS flowerId, n.anniversary_month AS anniversaryMonth, n.anniversary_day AS anniversaryDay,
  n.due_month AS dueMonth, n.due_day AS dueDay, n.remembrance_days AS remembranceDays, n.time_zone AS timeZone, n.locale,
  n.created_at AS createdAt, n.confirmed_at AS confirmedAt, n.stopped_at AS stoppedAt, n.paused_year AS pausedYear, n.last_queued_at AS lastQueuedAt`;

const FLOWER_COLUMNS = `f.parent_name AS parentName, trim(f.email) AS email, f.baby_first_name AS babyFirstName, f.baby_middle_name AS babyMiddleName,
  f.baby_last_name AS babyLastName, f.flower_type AS flowerType, f.created_at AS flowerCreatedAt`;

const WITH_FLOWER = `SELECT ${NOTE_COLUMNS}, ${FLOWER_COLUMNS} FROM remembrance_notes n JOIN memorial_flowers f ON f.id = n.flower_id`;

/** A sign-up that sends: confirmed, not stopped, its memorial approved and not withdrawn, with an address. */
const LIVE = `n.confirmed_at IS NOT NULL AND n.stopped_at IS NULL AND f.approved = 1 AND f.withdrawn_at IS NULL AND coalesce(trim(f.email), '') <> ''`;

/** Stopped notes keep no dates: only that they were stopped, and when. */
const FORGET_DATES = "anniversary_month = NULL, anniversary_day = NULL, due_month = NULL, due_day = NULL, remembrance_days = ''";

/** The dates and zone of a sign-up, as the family chose them (`remembranceDays`: the days' ids, comma-separated). */
export type NoteDates = Pick<NoteRow, "anniversaryMonth" | "anniversaryDay" | "dueMonth" | "dueDay" | "remembranceDays" | "timeZone">;

export async function noteById(q: Queries, id: number): Promise<NoteRow | undefined> {
  const rows = await q.query<NoteRow[]>(`SELECT ${NOTE_COLUMNS} FROM remembrance_notes n WHERE n.id = ?`, [id]);
  return rows[0];
}

export async function noteOfFlower(q: Queries, flowerId: number): Promise<NoteRow | undefined> {
  const rows = await q.query<NoteRow[]>(`SELECT ${NOTE_COLUMNS} FROM remembrance_notes n WHERE n.flower_id = ?`, [flowerId]);
  return rows[0];
}

export async function noteWithFlowerOfFlower(q: Queries, flowerId: number): Promise<NoteWithFlower | undefined> {
  const rows = await q.query<NoteWithFlower[]>(`${WITH_FLOWER} WHERE n.flower_id = ?`, [flowerId]);
  return rows[0];
}

/** Gives a sign-up new dates and zone, keeping its confirmation. */
export async function changeNoteDates(q: Queries, id: number, dates: NoteDates): Promise<void> {
  await q.query(
    `UPDATE remembrance_notes SET anniversary_month = ?, anniversary_day = ?, due_month = ?, due_day = ?, remembrance_days = ?, time_zone = ? WHERE id = ?`,
    [dates.anniversaryMonth, dates.anniversaryDay, dates.dueMonth, dates.dueDay, dates.remembranceDays, dates.timeZone, id],
  );
}

/** Makes the flower's sign-up anew, unconfirmed, created `createdAt` (a stopped or unconfirmed one is replaced). */
export async function startNote(q: Queries, flowerId: number, dates: NoteDates, locale: string, createdAt: string): Promise<void> {
  await q.query(
    `INSERT INTO remembrance_notes (flower_id, anniversary_month, anniversary_day, due_month, due_day, remembrance_days, time_zone, locale, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (flower_id) DO UPDATE SET anniversary_month = excluded.anniversary_month, anniversary_day = excluded.anniversary_day,
       due_month = excluded.due_month, due_day = excluded.due_day, remembrance_days = excluded.remembrance_days, time_zone = excluded.time_zone,
       locale = excluded.locale, created_at = excluded.created_at, confirmed_at = NULL, stopped_at = NULL, paused_year = NULL`,
    [flowerId, dates.anniversaryMonth, dates.anniversaryDay, dates.dueMonth, dates.dueDay, dates.remembranceDays, dates.timeZone, locale, createdAt],
  );
}

/** What each of a family's actions on their notes sets: confirmed or stopped at a time (stopping forgets the dates), paused until a year or no longer. */
const NOTE_ACTION_SET = {
  confirm: "confirmed_at = ?",
  stop: `stopped_at = ?, ${FORGET_DATES}`,
  pause: "paused_year = ?",
  resume: "paused_year = ?",
};

/** Sets what `action` sets on a sign-up to `value` (a time for confirm and stop, the year paused until or null). */
export async function setNoteAction(q: Queries, id: number, action: keyof typeof NOTE_ACTION_SET, value: string | number | null): Promise<void> {
  await q.query(`UPDATE remembrance_notes SET ${NOTE_ACTION_SET[action]} WHERE id = ?`, [value, id]);
}

/** Stops the flower's sign-up `at` if it is not stopped, forgetting its dates; answers whether one was stopped. */
export async function stopNoteOfFlower(q: Queries, flowerId: number, at: string): Promise<boolean> {
  const stopped = await q.query<{ id: number }[]>(
    `UPDATE remembrance_notes SET stopped_at = ?, ${FORGET_DATES} WHERE flower_id = ? AND stopped_at IS NULL RETURNING id`,
    [at, flowerId],
  );
  return stopped.length > 0;
}

/** Every sign-up not stopped whose memorial is not withdrawn: whether it is confirmed, its pause and zone (nothing that names a family). */
export async function signedUpNoteStates(q: Queries): Promise<{ confirmed: boolean; pausedYear: number | null; timeZone: string }[]> {
  const rows = await q.query<{ confirmed: 0 | 1; pausedYear: number | null; timeZone: string }[]>(
    `SELECT n.confirmed_at IS NOT NULL AS confirmed, n.paused_year AS pausedYear, n.time_zone AS timeZone
     FROM remembrance_notes n JOIN memorial_flowers f ON f.id = n.flower_id WHERE n.stopped_at IS NULL AND f.withdrawn_at IS NULL`,
  );
  return rows.map((r) => ({ ...r, confirmed: Boolean(r.confirmed) }));
}

/**
 * The sign-ups that send (LIVE) and may have a note due on one of `days` (each month * 100 + day): an
 * anniversary or a due date on one of them, or one of the site's remembrance days `dayIds` chosen. The
 * caller decides in each family's zone; this only spares it reading every sign-up.
 */
export function liveNotesWithFlowersOn(q: Queries, days: number[], dayIds: string[]): Promise<NoteWithFlower[]> {
  if (!days.length) return Promise.resolve([]);
  const marks = days.map(() => "?").join(", ");
  const chosen = dayIds.map(() => ` OR instr(',' || n.remembrance_days || ',', ?) > 0`).join("");
  return q.query<NoteWithFlower[]>(
    `${WITH_FLOWER} WHERE ${LIVE} AND (n.anniversary_month * 100 + n.anniversary_day IN (${marks}) OR n.due_month * 100 + n.due_day IN (${marks})${chosen})`,
    [...days, ...days, ...dayIds.map((id) => `,${id},`)],
  );
}

/** The sign-up by its id with its flower, if it still sends (LIVE). */
export async function liveNoteWithFlower(q: Queries, id: number): Promise<NoteWithFlower | undefined> {
  const rows = await q.query<NoteWithFlower[]>(`${WITH_FLOWER} WHERE n.id = ? AND ${LIVE}`, [id]);
  return rows[0];
}

/** Whether a note to `email` (in any case) was queued after `since`, from any sign-up. */
export async function noteQueuedToAddressSince(q: Queries, email: string, since: string): Promise<boolean> {
  const rows = await q.query<unknown[]>(
    `SELECT 1 FROM remembrance_notes n2 JOIN memorial_flowers f2 ON f2.id = n2.flower_id
     WHERE n2.last_queued_at > ? AND lower(trim(f2.email)) = lower(?) LIMIT 1`,
    [since, email],
  );
  return rows.length > 0;
}

export async function markNoteQueued(q: Queries, id: number, at: string): Promise<void> {
  await q.query(`UPDATE remembrance_notes SET last_queued_at = ? WHERE id = ?`, [at, id]);
}
