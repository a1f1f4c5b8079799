/**
 * Presentational pieces of the administrator area: props only, no data
 * loading, no router. The web admin (pages/admin) and the desktop renderer
 * both compose them.
 */
export { AccessDenied } from "./AccessDenied";
export { ActivityList } from "./ActivityList";
export { AdminTabs, type AdminTab } from "./AdminTabs";
export { AssistanceList } from "./AssistanceList";
export { BulkUploadPanel } from "./BulkUploadPanel";
export { CommentCard } from "./CommentCard";
export { ConfirmDialog } from "./ConfirmDialog";
export { CorrectionCard } from "./CorrectionCard";
export { CsvImportPanel } from "./CsvImportPanel";
export { EmailsPanel } from "./EmailsPanel";
export { FlowerCard } from "./FlowerCard";
export { FlowerEditDialog } from "./FlowerEditDialog";
export { AdminFeatures, LoginForm, RestrictedNotice } from "./LoginForm";
export { ModerationSection } from "./ModerationSection";
export { TestimonialCard } from "./TestimonialCard";
