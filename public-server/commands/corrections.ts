import { CORRECTED_FIELDS, type AdminPageQuery, type CorrectedField, type FlowerCorrectionDto, type FlowerEntry } from "../../shared/schemas/admin";
import { fullName } from "../../shared/garden";
import type { Queries, Services } from "../context";
import type { User } from "../entities/User";
import { BadRequest, NotFound, PreconditionFailed } from "../errors";
import { parseDbTime, toDbTime } from "../lib/time";
import {
  countWaitingCorrections,
  deleteFlowerRevision,
  deleteFlowerRevisions,
  insertFlowerRevision,
  waitingCorrectionRows,
  waitingRevision,
  waitingRevisionChanges,
  type WaitingCorrectionRow,
} from "../queries/flowerRevisions";
import { correctableFlower, writeFlowerCorrection, type FlowerCorrection } from "../queries/memorialFlowers";

/*
 * A family's corrections to their memorial (the baby's names, the date, the
 * flower), asked for through their private link. A live memorial stays as
 * it is, in the garden, on its page, in the caches and its preview, until a
 * volunteer approves the correction; a memorial still waiting for its first
 * review takes it at once (nobody sees it yet, and the volunteer reviews it
 * whole). One correction waits per flower: a newer one replaces it.
 */

type Values = Record<CorrectedField, string | null>;

/** A surname the memorial shows as its initial: the initial shown, the full one kept (as the family's "surname-initial" choice does). */
const INITIAL_OF = (v: string) => `${[...v.trim()][0]}.`;

const changesOf = (json: string): Partial<Values> => {
  const parsed = JSON.parse(json) as Record<string, unknown>;
  return Object.fromEntries(CORRECTED_FIELDS.filter((f) => f in parsed).map((f) => [f, (parsed[f] as string | null) ?? null]));
};

export type CorrectionOutcome = "asked" | "applied" | "same";

/**
 * A family's correction. On a live memorial it waits for a volunteer (a
 * correction already waiting is replaced; one that changes nothing withdraws
 * it), with a note to the address on file and a line in the log; on a
 * memorial not yet reviewed it is made at once.
 */
export async function askCorrection(s: Services, flowerId: number, input: FlowerEntry): Promise<CorrectionOutcome> {
  const outcome = await s.db.transaction(async (tx) => {
    const flower = await correctableFlower(tx, flowerId);
    if (!flower) throw NotFound("This memorial is no longer here.");
    if (flower.withdrawnAt) throw BadRequest("The memorial is withdrawn. Please bring it back first, then send your correction.");
    const changes: Partial<Values> = {};
    for (const field of CORRECTED_FIELDS) if ((input[field] || null) !== (flower[field] || null)) changes[field] = input[field] || null;
    const had = await deleteFlowerRevisions(tx, flowerId);
    if (Object.keys(changes).length === 0) {
      if (had) await s.emit(tx, { type: "correction", action: "withdrawn", id: flowerId });
      return "same";
    }
    if (!flower.approved) {
      await apply(tx, flowerId, changes, flower.hidden !== null, s.config.now());
      await s.emit(tx, { type: "correction", action: "applied", id: flowerId });
      return "applied";
    }
    await insertFlowerRevision(tx, flowerId, JSON.stringify(changes), toDbTime(s.config.now()));
    await s.emit(tx, { type: "correction", action: "asked", id: flowerId });
    return "asked";
  });
  // A live memorial's public answers stay as they are; a waiting one is in no public answer.
  return outcome;
}

/** Writes `changes` to the flower; a surname shown as its initial keeps showing the initial of the new one. */
async function apply(tx: Queries, flowerId: number, changes: Partial<Values>, surnameHidden: boolean, now: Date): Promise<void> {
  const values: FlowerCorrection = {};
  for (const field of CORRECTED_FIELDS) {
    if (!(field in changes)) continue;
    const value = changes[field] ?? null;
    if (field === "babyLastName" && surnameHidden && value !== null && value.trim().length > 2) {
      values.babyLastName = INITIAL_OF(value);
      values.hiddenLastName = value;
    } else if (field === "babyLastName" && surnameHidden) {
      values.babyLastName = value;
      values.hiddenLastName = null;
    } else {
      values[field] = value;
    }
  }
  await writeFlowerCorrection(tx, flowerId, values, toDbTime(now));
}

/** The correction waiting for a flower, as the family's page shows it: the fields as they would read. */
export async function waitingCorrection(s: Services, flowerId: number): Promise<Partial<Values> | null> {
  const changes = await s.db.read((_, m) => waitingRevisionChanges(m, flowerId));
  return changes === undefined ? null : changesOf(changes);
}

/** One page of the corrections waiting, newest first (a withdrawn memorial's wait with it, unseen). */
export async function listCorrections(s: Services, query: AdminPageQuery): Promise<{ items: FlowerCorrectionDto[]; total: number }> {
  return s.db.read(async (_, m) => {
    const total = await countWaitingCorrections(m);
    const rows = await waitingCorrectionRows(m, query.pageSize, (query.page - 1) * query.pageSize);
    return { items: rows.map(presentCorrection), total };
  });
}

function presentCorrection(r: WaitingCorrectionRow): FlowerCorrectionDto {
  const changes = changesOf(r.changes);
  return {
    id: r.flowerId,
    version: r.id,
    askedAt: parseDbTime(r.createdAt).toISOString(),
    name: fullName({ babyFirstName: r.babyFirstName ?? "", babyMiddleName: r.babyMiddleName, babyLastName: r.shownLastName }),
    changes: CORRECTED_FIELDS.filter((f) => f in changes).map((field) => ({ field, before: r[field] ?? null, after: changes[field] ?? null })),
  };
}

/**
 * A volunteer's decision on the correction waiting for flower `flowerId`,
 * under its version: approved, its changes are made (the caches and the
 * preview follow); declined, the memorial stays as it is. Either way the
 * family hears of it, and the log records it.
 */
export async function decideCorrection(s: Services, flowerId: number, approve: boolean, expected: number | undefined, actor: User): Promise<void> {
  await s.db.transaction(async (tx) => {
    const row = await waitingRevision(tx, flowerId);
    if (!row) throw NotFound("This correction is no longer waiting: the family may have withdrawn it, or someone decided on it already.");
    if (expected !== undefined && row.id !== expected) {
      throw PreconditionFailed("The family sent a newer correction since you looked, so your decision was not applied. Please look at it again.");
    }
    await deleteFlowerRevision(tx, row.id);
    if (approve) await apply(tx, flowerId, changesOf(row.changes), row.hidden !== null, s.config.now());
    await s.emit(tx, { type: "correction", action: approve ? "approved" : "declined", id: flowerId, actor });
  });
}
