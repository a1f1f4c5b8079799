import { msg } from "../../shared/i18n/translate";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { EntityManager } from "typeorm";
import type { AssistanceRequestInput, MemorialCommentInput, MemorialFlowerInput, TestimonialInput } from "../../shared/schemas/public";
import type { z } from "zod";
import type { Queries, Services } from "../context";
import type { Worker } from "../context";
import { AssistanceRequestEntity } from "../entities/AssistanceRequest";
import { CommentLibraryEntity } from "../entities/CommentLibrary";
import { MemorialCommentEntity } from "../entities/MemorialComment";
import { MemorialFlowerEntity } from "../entities/MemorialFlower";
import { flowerSearchText } from "../garden/searchText";
import { TestimonialEntity } from "../entities/Testimonial";
import { BadRequest, NotFound, type ApiError } from "../errors";
import { findById } from "../lib/byId";
import type { HeldRow } from "../database/intake";
import { onePerServer, startedWorker } from "../lib/perServer";
import { forgetIntakeProcessedBefore, intakeProcessed, markIntakeProcessed } from "../queries/processedIntake";
import { commentsTurnedOff } from "../queries/memorialFlowers";
import { toDbTime } from "../lib/time";
import { chooseNotes } from "./remembrance";

/*
 * What a visitor sends, stored as pending with its "submitted" event in one
 * transaction. The JSON API and the plain form posts both call these, so the
 * two ways in keep the same rules. A filled-in hidden field (a bot) is
 * answered as usual by the caller, and nothing is kept.
 *
 * While a large write holds the database (a 100,000-row upload: tens of
 * seconds), a submission checked as always is kept in the intake file
 * instead (database/intake.ts), on disk before the visitor is answered, and moved
 * into the database by the same code, with the same events (the activity
 * log, the team's email), as soon as the large write has ended.
 */

/** A checked submission, as stored in the database or held in the intake. */
type Submission =
  | { kind: "assistance"; input: Omit<z.output<typeof AssistanceRequestInput>, "website"> }
  | { kind: "flower"; input: Omit<z.output<typeof MemorialFlowerInput>, "website"> }
  | { kind: "comment"; flowerId: number; input: Omit<z.output<typeof MemorialCommentInput>, "website" | "memorialFlowerId"> }
  | { kind: "testimonial"; input: Omit<z.output<typeof TestimonialInput>, "website"> };

const KINDS = new Set<string>(["assistance", "flower", "comment", "testimonial"]);

export async function submitAssistance(s: Services, { website, ...input }: z.output<typeof AssistanceRequestInput>): Promise<void> {
  if (website) return;
  await keep(s, { kind: "assistance", input });
}

export async function submitFlower(s: Services, { website, ...input }: z.output<typeof MemorialFlowerInput>): Promise<void> {
  if (website) return;
  await keep(s, { kind: "flower", input });
}

/** A comment on an approved flower, with a message still in the library. */
export async function submitComment(s: Services, flowerId: number, input: z.output<typeof MemorialCommentInput>): Promise<void> {
  const { website, memorialFlowerId, ...fields } = input;
  if (memorialFlowerId !== undefined && memorialFlowerId !== flowerId) {
    throw BadRequest("The comment names a different memorial flower than the address it was sent to.");
  }
  const comment: Submission = { kind: "comment", flowerId, input: fields };
  if (s.db.largeWriteAhead) {
    // The same checks, on the data as the large write found it.
    const problem = await s.db.read((_, m) => commentProblem(m, flowerId, fields.commentLibraryId));
    if (problem) throw problem;
    if (!website) await hold(s, comment);
    return;
  }
  await s.db.transaction(async (tx) => {
    const problem = await commentProblem(tx, flowerId, fields.commentLibraryId);
    if (problem) throw problem;
    if (!website) await store(s, tx, comment);
  });
}

export async function submitTestimonial(s: Services, { website, ...input }: z.output<typeof TestimonialInput>): Promise<void> {
  if (website) return;
  await keep(s, { kind: "testimonial", input });
}

/** Why a comment cannot be kept: its flower is not (or no longer) in the garden, or its message was withdrawn. */
async function commentProblem(m: EntityManager, flowerId: number, libraryId: number): Promise<ApiError | null> {
  if (!(await findById(m, MemorialFlowerEntity, flowerId, { approved: true }))) return NotFound(msg("This memorial flower is not in the garden."));
  if (await commentsTurnedOff(m, flowerId))
    return BadRequest(msg("This family has chosen to close comments on their baby's memorial. Thank you for thinking of them."));
  if (!(await findById(m, CommentLibraryEntity, libraryId, { active: true })))
    return BadRequest(msg("That message is no longer available. Please choose another."));
  return null;
}

/** Stores a submission now, or holds it in the intake while a large write would keep it waiting. */
async function keep(s: Services, submission: Submission): Promise<void> {
  if (s.db.largeWriteAhead) return hold(s, submission);
  await s.db.transaction((tx) => store(s, tx, submission));
}

async function hold(s: Services, submission: Submission): Promise<void> {
  await s.intake.add(submission.kind, submission, new Date());
  intakeMoverFor(s).wake(); // the large write may have ended meanwhile
}

/**
 * Stores a submission with its "submitted" event, in `tx`. `receivedAt`, for
 * a held one, is when the visitor sent it. Answers false, storing nothing,
 * for a comment whose flower or message is gone.
 */
async function store(s: Services, tx: EntityManager, submission: Submission, receivedAt?: Date): Promise<boolean> {
  const times = receivedAt ? { createdAt: receivedAt, updatedAt: receivedAt } : {};
  switch (submission.kind) {
    case "assistance": {
      const saved = await tx.save(
        AssistanceRequestEntity,
        tx.create(AssistanceRequestEntity, { ...submission.input, ...(receivedAt ? { createdAt: receivedAt } : {}) }),
      );
      await s.emit(tx, { type: "submitted", kind: "assistance", id: saved.id });
      return true;
    }
    case "flower": {
      const { remembranceNotes, anniversaryMonth, anniversaryDay, dueMonth, dueDay, remembranceDays, timeZone, ...flower } = submission.input;
      const saved = await tx.save(
        MemorialFlowerEntity,
        tx.create(MemorialFlowerEntity, { ...flower, ...flowerSearchText(flower), approved: false, version: 1, ...times }),
      );
      await s.emit(tx, { type: "submitted", kind: "flower", id: saved.id });
      // Asked for on the form: only a confirmation email now; no note before the family confirms it.
      const choice = { remembranceNotes, anniversaryMonth, anniversaryDay, dueMonth, dueDay, remembranceDays, timeZone };
      await chooseNotes(s, tx, saved.id, choice);
      return true;
    }
    case "comment": {
      if (receivedAt && (await commentProblem(tx, submission.flowerId, submission.input.commentLibraryId))) return false;
      const saved = await tx.save(
        MemorialCommentEntity,
        tx.create(MemorialCommentEntity, { ...submission.input, memorialFlowerId: submission.flowerId, approved: false, version: 1, ...times }),
      );
      await s.emit(tx, { type: "submitted", kind: "comment", id: saved.id });
      return true;
    }
    case "testimonial": {
      const saved = await tx.save(TestimonialEntity, tx.create(TestimonialEntity, { ...submission.input, approved: false, version: 1, ...times }));
      await s.emit(tx, { type: "submitted", kind: "testimonial", id: saved.id });
      return true;
    }
  }
}

/** Held submissions moved per look at the intake. */
const BATCH = 50;
/** After a failure (a full disk), the next try. */
const RETRY_MS = 30_000;
/** How long a moved submission's id is remembered: far longer than a server stays down between a move and its clean-up. */
const REMEMBER_DAYS = 30;

/**
 * Moves held submissions into the database: at start (what a crash left) and
 * each time the last large write has ended. Exactly once: each submission
 * is stored in one transaction with its intake id in processed_intake, and
 * only then removed from the intake; a crash between leaves a row whose id
 * is found there, so the next move only removes it.
 */
class IntakeMover implements Worker {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly s: Services) {}

  start(): void {
    this.s.db.afterLargeWrites(() => this.wake());
    this.wake();
  }

  /** Starts a move unless one is running (which then looks again when it ends). */
  wake(): void {
    if (this.stopped || this.s.db.largeWriteAhead) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.retry);
    this.running = this.moveAll()
      .catch((err: unknown) => {
        this.s.log.error("held_submissions_not_moved", { error: err instanceof Error ? err.message : String(err), retryInSeconds: RETRY_MS / 1000 });
        this.retry = setTimeout(() => this.wake(), RETRY_MS).unref();
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.running;
  }

  private async moveAll(): Promise<void> {
    for (;;) {
      const rows = this.s.intake.oldest(BATCH);
      if (!rows.length) return;
      for (const row of rows) {
        // A new large write: the rest wait for its end (it wakes us again).
        if (this.stopped || this.s.db.largeWriteAhead) return;
        await this.move(row);
        // Each move's work is synchronous and its promises already settled: without a turn of the event
        // loop between them, a thousand held submissions held every other request for seconds.
        await nextTurn();
      }
    }
  }

  private async move(row: HeldRow): Promise<void> {
    const submission = readHeld(row);
    if (!submission) {
      this.s.log.error("held_submission_unreadable", { kind: row.kind });
      this.s.intake.remove(row.id);
      return;
    }
    const outcome = await this.s.db.transaction(async (tx) => {
      if (await intakeProcessed(tx, row.id)) return "moved before";
      await markIntakeProcessed(tx, row.id);
      await forgetOldIds(tx);
      return (await store(this.s, tx, submission, new Date(row.receivedAt))) ? "stored" : "gone";
    });
    // Which kind and why only: what the visitor wrote stays out of the log.
    if (outcome === "gone") this.s.log.info("held_submission_dropped", { kind: row.kind, reason: "its memorial flower or message is no longer there" });
    this.s.intake.remove(row.id);
  }
}

function readHeld(row: HeldRow): Submission | null {
  try {
    const submission = JSON.parse(row.body) as Submission;
    return KINDS.has(submission?.kind) && submission.kind === row.kind ? submission : null;
  } catch {
    return null;
  }
}

function forgetOldIds(tx: Queries): Promise<void> {
  const before = toDbTime(new Date(Date.now() - REMEMBER_DAYS * 86_400_000));
  return forgetIntakeProcessedBefore(tx, before);
}

const intakeMoverFor = onePerServer((s) => new IntakeMover(s));

/** Registered in hooks.ts: started with the server. */
export const intakeWorkerFactory = startedWorker(intakeMoverFor);
