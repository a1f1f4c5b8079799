import type { AdminCommentDto, AdminFlowerDto, AdminTestimonialDto } from "../../shared/schemas/admin";
import { describeFlower } from "../../shared/flowers";
import { changedMessage, goneMessage } from "../../shared/moderation";
import type { ItemKind, ReviewItem } from "../ipc";

type AnyDto = AdminTestimonialDto | AdminFlowerDto | AdminCommentDto;

/**
 * The offline copy of an admin list item. Email addresses are dropped: the
 * review does not need them, and a laptop that travels should carry as little
 * personal data as it can.
 */
export function toReviewItem(kind: ItemKind, dto: AnyDto): ReviewItem {
  if (kind === "testimonial") {
    const { email: _email, ...item } = dto as AdminTestimonialDto;
    return { kind, item };
  }
  if (kind === "flower") {
    const { email: _email, ...item } = dto as AdminFlowerDto;
    return { kind, item };
  }
  return { kind, item: dto as AdminCommentDto };
}

/** A short label for the queue list: no email, no parent's name, the last name as an initial. */
export function labelFor(entry: ReviewItem): string {
  const initial = (name: string | null | undefined) => (name ? ` ${name.charAt(0)}.` : "");
  switch (entry.kind) {
    case "testimonial":
      return `Testimonial by ${entry.item.firstName}${initial(entry.item.lastName)}`;
    case "flower":
      return `${describeFlower(entry.item.flowerType).label} for ${entry.item.babyFirstName}${initial(entry.item.babyLastName)}`;
    case "comment":
      return `Comment by ${entry.item.commenterName} for ${entry.item.flowerBabyFirstName ?? "Unknown"}`;
  }
}

/**
 * Why a decision was not applied, in the server's words for the same case, so a
 * conflict reads the same whether the server refused it (412, 404) or the re-check
 * after an interrupted sync found it. `current` null: the item is gone.
 */
export function conflictReason(kind: ItemKind, current: ReviewItem | null | undefined): string {
  if (current === null) return goneMessage(kind, true);
  return changedMessage(kind);
}
