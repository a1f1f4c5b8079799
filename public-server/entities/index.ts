import { ActivityLogEntity } from "./ActivityLog";
import { AssistanceRequestEntity } from "./AssistanceRequest";
import { CommentLibraryEntity } from "./CommentLibrary";
import { DonationEntity } from "./Donation";
import { EventEntity, EventRegistrationEntity } from "./Event";
import { MemorialCommentEntity } from "./MemorialComment";
import { MemorialFlowerEntity } from "./MemorialFlower";
import { TestimonialEntity } from "./Testimonial";
import { UserEntity } from "./User";
import { OutboxMessageEntity } from "./OutboxMessage";

/** Every table the server maps. Later features append their entities here. */
export const entities = [
  UserEntity,
  MemorialFlowerEntity,
  TestimonialEntity,
  CommentLibraryEntity,
  MemorialCommentEntity,
  AssistanceRequestEntity,
  DonationEntity,
  EventEntity,
  EventRegistrationEntity,
  ActivityLogEntity,
  OutboxMessageEntity,
];
