import { z } from "./zod";
import {
  AdminCommentDto,
  AdminFlowerDto,
  AdminListQuery,
  AdminPageQuery,
  AdminTestimonialDto,
  ApprovedDto,
  BulkUpdateDto,
  BulkUpdateQuery,
  DuplicateCheckDto,
  DuplicateCheckInput,
  FlowerCorrectionDto,
  FlowerEntryInput,
  MessageDto,
  ResetImportInput,
  ResetImportResult,
  adminPage,
} from "./admin";
import {
  ActivityDto,
  AdminAssistanceDto,
  AdminAssistancePage,
  AssistanceHandledInput,
  FamilyLinksDto,
  LinksRevokedDto,
  OutboxMessageDto,
  RemembranceNoteCounts,
  UpdateEmailInput,
  UpdatePreviewDto,
  UpdateSentDto,
} from "./adminTools";
import {
  AssistanceRequestInput,
  CommentLibraryDto,
  FamilyLinkRequest,
  GardenPageDto,
  MemorialCommentInput,
  MemorialFlowerInput,
  PublicFlowerDto,
  PublicMemorialDto,
  PublicTestimonialDto,
  PublicCommentDto,
  ReceivedDto,
  TestimonialInput,
} from "./public";
import { LoginInput, RegisterInput, SessionUserDto, SignedOutDto } from "./session";
import { SiteConfig } from "./site";

/**
 * Every route of the API, once: its method, its path (":id" a whole number), what it reads (`body`: JSON;
 * `query`: the address's query) and what it answers with 2xx (`output`; null: not JSON, a file or an image).
 * The desktop app checks each answer with `output`; the site's client is typed by this table (as types
 * only: a public page never loads zod); a test holds it and the server's router to the same list, and the
 * server's tests check every JSON answer against it.
 */
export interface ApiRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: `/api/${string}`;
  body?: z.ZodType;
  query?: z.ZodType;
  output: z.ZodType | null;
}

/** GET /api/health while writes go through; administrators also see how the nightly backups are doing. */
const HealthDto = z.object({
  status: z.literal("ok"),
  details: z
    .object({
      backup: z.object({
        hour: z.number().int().nullable(),
        lastGoodAt: z.string().nullable(),
        lastGoodFile: z.string().nullable(),
        lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
      }),
    })
    .optional(),
});
export type HealthDto = z.infer<typeof HealthDto>;

const moderated = <P extends string, T extends z.ZodType>(path: P, item: T) =>
  ({
    list: { method: "GET", path: `/api/admin/${path}`, query: AdminListQuery, output: adminPage(item) },
    one: { method: "GET", path: `/api/admin/${path}/:id`, output: item },
    approve: { method: "POST", path: `/api/admin/${path}/:id/approve`, output: ApprovedDto },
    remove: { method: "DELETE", path: `/api/admin/${path}/:id`, output: MessageDto },
  }) as const;

const testimonials = moderated("testimonials", AdminTestimonialDto);
const flowers = moderated("memorial-flowers", AdminFlowerDto);
const comments = moderated("memorial-comments", AdminCommentDto);

export const API_ROUTES = {
  // The session.
  user: { method: "GET", path: "/api/user", output: SessionUserDto },
  login: { method: "POST", path: "/api/login", body: LoginInput, output: SessionUserDto },
  register: { method: "POST", path: "/api/register", body: RegisterInput, output: SessionUserDto },
  logout: { method: "POST", path: "/api/logout", output: SignedOutDto },
  logoutEverywhere: { method: "POST", path: "/api/logout-everywhere", output: SignedOutDto },

  // Visitors.
  health: { method: "GET", path: "/api/health", output: HealthDto },
  site: { method: "GET", path: "/api/site", output: SiteConfig },
  garden: { method: "GET", path: "/api/memorial-flowers", output: z.array(PublicFlowerDto) },
  gardenView: { method: "GET", path: "/api/memorial-flowers/garden", output: GardenPageDto },
  memorial: { method: "GET", path: "/api/memorial-flowers/:id", output: PublicMemorialDto },
  memorialPreview: { method: "GET", path: "/api/memorial-flowers/:id/preview.png", output: null },
  memorialComments: { method: "GET", path: "/api/memorial-flowers/:id/comments", output: z.array(PublicCommentDto) },
  testimonials: { method: "GET", path: "/api/testimonials", output: z.array(PublicTestimonialDto) },
  commentLibrary: { method: "GET", path: "/api/comment-library", output: z.array(CommentLibraryDto) },
  askForHelp: { method: "POST", path: "/api/assistance-requests", body: AssistanceRequestInput, output: ReceivedDto },
  plantFlower: { method: "POST", path: "/api/memorial-flowers", body: MemorialFlowerInput, output: ReceivedDto },
  leaveComment: { method: "POST", path: "/api/memorial-flowers/:id/comments", body: MemorialCommentInput, output: ReceivedDto },
  shareTestimonial: { method: "POST", path: "/api/testimonials", body: TestimonialInput, output: ReceivedDto },

  // Moderation.
  adminTestimonials: testimonials.list,
  adminTestimonial: testimonials.one,
  approveTestimonial: testimonials.approve,
  deleteTestimonial: testimonials.remove,
  adminFlowers: flowers.list,
  adminFlower: flowers.one,
  approveFlower: flowers.approve,
  deleteFlower: flowers.remove,
  adminComments: comments.list,
  adminComment: comments.one,
  approveComment: comments.approve,
  deleteComment: comments.remove,
  editFlower: { method: "PUT", path: "/api/admin/memorial-flowers/:id", body: FlowerEntryInput, output: AdminFlowerDto },
  gardenCsv: { method: "GET", path: "/api/admin/memorial-flowers/export.csv", output: null },
  duplicates: { method: "POST", path: "/api/admin/memorial-flowers/duplicates", body: DuplicateCheckInput, output: DuplicateCheckDto },

  // Families' corrections and private links.
  corrections: { method: "GET", path: "/api/admin/memorial-flowers/corrections", query: AdminPageQuery, output: adminPage(FlowerCorrectionDto) },
  approveCorrection: { method: "POST", path: "/api/admin/memorial-flowers/:id/correction/approve", output: MessageDto },
  declineCorrection: { method: "POST", path: "/api/admin/memorial-flowers/:id/correction/decline", output: MessageDto },
  familyLinks: { method: "GET", path: "/api/admin/memorial-flowers/:id/family-links", output: FamilyLinksDto },
  sendFamilyLink: { method: "POST", path: "/api/admin/memorial-flowers/:id/family-link", body: FamilyLinkRequest, output: MessageDto },
  revokeFamilyLinks: { method: "POST", path: "/api/admin/memorial-flowers/:id/family-links/revoke", output: LinksRevokedDto },

  // Imports (their bodies are CSV files or rows as JSON, read as streams and checked on the server's thread).
  bulkUpload: { method: "POST", path: "/api/admin/memorial-flowers/bulk-upload", output: MessageDto },
  bulkUpdate: { method: "PUT", path: "/api/admin/memorial-flowers/bulk-update", query: BulkUpdateQuery, output: BulkUpdateDto },
  resetAndImport: { method: "POST", path: "/api/admin/memorial-flowers/reset-and-import", body: ResetImportInput, output: ResetImportResult },

  // Requests for help, the activity log, email.
  assistanceRequests: { method: "GET", path: "/api/admin/assistance-requests", query: AdminPageQuery, output: AdminAssistancePage },
  markHandled: { method: "POST", path: "/api/admin/assistance-requests/:id/handled", body: AssistanceHandledInput, output: AdminAssistanceDto },
  activity: { method: "GET", path: "/api/admin/activity", query: AdminPageQuery, output: adminPage(ActivityDto) },
  mailingList: { method: "GET", path: "/api/admin/mailing-list.csv", output: null },
  remembranceNotes: { method: "GET", path: "/api/admin/remembrance-notes", output: RemembranceNoteCounts },
  previewUpdate: { method: "POST", path: "/api/admin/updates/preview", body: UpdateEmailInput, output: UpdatePreviewDto },
  sendUpdate: { method: "POST", path: "/api/admin/updates/send", body: UpdateEmailInput, output: UpdateSentDto },
  outbox: { method: "GET", path: "/api/admin/outbox", output: z.array(OutboxMessageDto) },
  retryEmail: { method: "POST", path: "/api/admin/outbox/:id/retry", output: OutboxMessageDto },
} as const satisfies Record<string, ApiRoute>;

export type ApiRoutes = typeof API_ROUTES;
export type Method = ApiRoute["method"];

/** A route's path as a client writes it: each ":id" a number, with or without a query. */
type Filled<P extends string> = P extends `${infer Head}:id${infer Tail}` ? `${Head}${number}${Filled<Tail>}` : P;
type Address<P extends string> = Filled<P> | `${Filled<P>}?${string}`;

/** Every address a client may send `M` to. */
export type ApiPath<M extends Method> = { [K in keyof ApiRoutes]: ApiRoutes[K]["method"] extends M ? Address<ApiRoutes[K]["path"]> : never }[keyof ApiRoutes];

type RouteAt<M extends Method, A extends string> = {
  [K in keyof ApiRoutes]: ApiRoutes[K]["method"] extends M ? (A extends Address<ApiRoutes[K]["path"]> ? ApiRoutes[K] : never) : never;
}[keyof ApiRoutes];

/** What a client sends to `M` at address `A`: the route's JSON body as its schema reads it, or nothing (undefined). */
export type BodyTo<M extends Method, A extends string> = BodyOf<RouteAt<M, A>>;
type BodyOf<R> = R extends { body: infer B } ? (B extends z.ZodType ? z.input<B> : never) : undefined;

/** What the server answers to `M` at address `A` (unknown for an answer that is not JSON). */
export type AnswerTo<M extends Method, A extends string> = RouteAt<M, A> extends { output: infer O } ? (O extends z.ZodType ? z.output<O> : unknown) : never;

/** The route that answers `method` at `path` (its query ignored), or undefined. */
export function routeFor(method: string, path: string): ApiRoute | undefined {
  const bare = path.split("?")[0]!;
  return Object.values(API_ROUTES).find((route: ApiRoute) => route.method === method && pattern(route.path).test(bare));
}

const patterns = new Map<string, RegExp>();
/** A route's path as the server matches it: exact case, no trailing slash (strict routing), ":id" a number (the server passes other words on). */
function pattern(path: string): RegExp {
  let found = patterns.get(path);
  if (!found) {
    found = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:id/g, "\\d+")}$`);
    patterns.set(path, found);
  }
  return found;
}
