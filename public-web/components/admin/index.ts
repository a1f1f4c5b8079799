/**
 * Presentational pieces of the administrator area: props only, no data
 * loading, no router. The web admin (pages/admin) and the desktop renderer
 * both compose them.
 */
export { AccessDenied } from "./AccessDenied";
export { ActivityList } from "./ActivityList";
export { AdminTabs, type AdminTab } from "./AdminTabs";
export { AssistanceList } from "./AssistanceList";
export { BulkResult, type BulkStatus } from "./BulkResult";
export { BulkUploadPanel } from "./BulkUploadPanel";
export { CommentCard } from "./CommentCard";
export { ConfirmDialog } from "./ConfirmDialog";
export { CsvImportPanel } from "./CsvImportPanel";
export { CsvPreviewTable } from "./CsvPreviewTable";
export { CsvValidity } from "./CsvValidity";
export { EmailsPanel, type FailedEmailDto } from "./EmailsPanel";
export { FlowerCard } from "./FlowerCard";
export { FlowerEditDialog } from "./FlowerEditDialog";
export { FlowerTypesHint } from "./FlowerTypesHint";
export { AdminFeatures, LoginForm, RestrictedNotice } from "./LoginForm";
export { ModerationActions } from "./ModerationActions";
export { ModerationSection } from "./ModerationSection";
export { PendingBadge } from "./PendingBadge";
export { TestimonialCard } from "./TestimonialCard";
export { babyName, flowerLabel, truncate, TESTIMONIAL_PREVIEW_LENGTH } from "./format";
export { downloadText } from "./download";
export { EMPTY_TEXTS } from "./emptyTexts";
