import type { AdminCommentDto, AdminFlowerDto, AdminTestimonialDto } from "../../shared/schemas/admin";
import type { CommentLibraryDto, PublicCommentDto, PublicFlowerDto, PublicTestimonialDto } from "../../shared/schemas/public";
import type { SessionUserDto } from "../../shared/schemas/session";
import type { AdminAssistanceDto, OutboxMessageDto } from "../../shared/schemas/adminTools";
import type { AssistanceRow } from "../queries/assistanceRequests";
import type { OutboxMessage } from "../entities/OutboxMessage";
import type { CommentLibraryEntry } from "../entities/CommentLibrary";
import type { MemorialFlower } from "../entities/MemorialFlower";
import type { Testimonial } from "../entities/Testimonial";
import type { User } from "../entities/User";
import type { ServerConfig } from "../config";
import { parseDbTime } from "../lib/time";

// Presenters list their fields one by one: a column added later never leaks by itself.

const iso = (date: Date | string | null | undefined): string => (date ? parseDbTime(date).toISOString() : "");

/** The garden's view of a flower: the baby's names, date and flower only. */
export const presentPublicFlower = (f: MemorialFlower): PublicFlowerDto => ({
  id: f.id,
  babyFirstName: f.babyFirstName,
  babyMiddleName: f.babyMiddleName,
  babyLastName: f.babyLastName,
  lossDate: f.lossDate,
  flowerType: f.flowerType,
});

export const presentAdminFlower = (f: MemorialFlower): AdminFlowerDto => ({
  ...presentPublicFlower(f),
  parentName: f.parentName,
  email: f.email,
  emailUpdates: Boolean(f.emailUpdates),
  approved: Boolean(f.approved),
  version: f.version,
  createdAt: iso(f.createdAt),
  updatedAt: iso(f.updatedAt),
});

export const presentPublicTestimonial = (t: Testimonial): PublicTestimonialDto => ({
  id: t.id,
  firstName: t.firstName,
  lastName: t.lastName,
  childName: t.childName,
  testimonial: t.testimonial,
  createdAt: iso(t.createdAt),
});

export const presentAdminTestimonial = (t: Testimonial): AdminTestimonialDto => ({
  ...presentPublicTestimonial(t),
  email: t.email,
  approved: Boolean(t.approved),
  version: t.version,
  updatedAt: iso(t.updatedAt),
});

/** A comment row joined with its library text and its flower's first name. */
export interface CommentRow {
  id: number;
  memorialFlowerId: number;
  commenterName: string;
  commentLibraryId: number;
  approved: number | boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
  commentText: string | null;
  commentCategory: "standard" | "biblical" | null;
  flowerBabyFirstName: string | null;
}

export const presentPublicComment = (c: CommentRow): PublicCommentDto => ({
  id: c.id,
  memorialFlowerId: c.memorialFlowerId,
  commenterName: c.commenterName,
  commentLibraryId: c.commentLibraryId,
  commentText: c.commentText ?? "",
  commentCategory: c.commentCategory ?? "standard",
  createdAt: iso(c.createdAt),
});

export const presentAdminComment = (c: CommentRow): AdminCommentDto => ({
  id: c.id,
  memorialFlowerId: c.memorialFlowerId,
  commenterName: c.commenterName,
  commentLibraryId: c.commentLibraryId,
  commentText: c.commentText,
  commentCategory: c.commentCategory,
  flowerBabyFirstName: c.flowerBabyFirstName,
  approved: Boolean(c.approved),
  version: c.version,
  createdAt: iso(c.createdAt),
  updatedAt: iso(c.updatedAt),
});

export const presentLibraryEntry = (e: CommentLibraryEntry): CommentLibraryDto => ({ id: e.id, text: e.text, category: e.category });

/** The signed-in person; an administrator also learns the server's settings that the admin previews follow. */
export const presentUser = (u: User, config: Pick<ServerConfig, "expectedImportCount">): SessionUserDto => ({
  id: u.id,
  username: u.username,
  role: u.role,
  ...(u.role === "admin" ? { expectedImportCount: config.expectedImportCount } : {}),
});

/** An assistance request with every detail, for the team. */
export const presentAssistance = (r: AssistanceRow): AdminAssistanceDto => ({
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

/** An outbox row as administrators see it (recipients included; the message body is not). */
export const presentOutboxMessage = (m: OutboxMessage): OutboxMessageDto => ({
  id: m.id,
  kind: m.kind,
  to: m.toAddress,
  subject: m.subject,
  attempts: m.attempts,
  lastError: m.lastError,
  status: m.status,
  createdAt: m.createdAt,
  sentAt: m.sentAt,
});
