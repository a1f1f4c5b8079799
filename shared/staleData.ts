/**
 * What each write makes stale, in one table. The server keeps the public answers and pages it built
 * in a cache, filed by the data they show; once a write has committed it drops what the table names
 * for the write's event, and nothing for a write rolled back. The web admin refreshes its own copies
 * of the same answers from the same table. A write whose event is missing here does not build.
 */

/**
 * The data the public answers and pages show. `server`: the cache's key prefix under which every
 * answer or page showing it is filed; `client`: the prefixes of the browser's query keys for the same
 * answers (a page is no query, so its data has none).
 */
export const PAGE_DATA = {
  /** Approved flowers: the whole garden's list, its views, one flower. */
  garden: { server: "garden:", client: ["/api/memorial-flowers"] },
  /** A flower's approved comments (under the flower's address in the API). */
  comments: { server: "comments:", client: ["/api/memorial-flowers/"] },
  /** The garden's pages and memorial pages: they show the flowers and the comments. */
  gardenPages: { server: "garden-page:", client: [] },
  testimonials: { server: "testimonials:", client: ["/api/testimonials"] },
  /** The comment library's messages (changed only by migrations). */
  library: { server: "library:", client: ["/api/comment-library"] },
  /** Every other page: they show site.json and the build, never the database, so no event makes them stale. */
  pages: { server: "page:", client: [] },
} as const satisfies Record<string, { server: string; client: readonly string[] }>;

export type PageDataName = keyof typeof PAGE_DATA;

/** Whatever changes a flower as visitors see it: its answers, its comments (a hidden flower's answer 404), its pages. */
const FLOWER = ["garden", "comments", "gardenPages"] as const;

/**
 * Each domain event, named `type:detail` (see eventName in public-server/events.ts), and the data a
 * committed write with that event makes stale. An empty list says on purpose that visitors see no
 * change (a submission waits for a volunteer; a link or a note is private).
 */
export const STALE_AFTER = {
  "submitted:assistance": [],
  "submitted:flower": [],
  "submitted:comment": [],
  "submitted:testimonial": [],
  "approved:testimonial": ["testimonials"],
  "approved:flower": FLOWER,
  "approved:comment": ["comments", "gardenPages"],
  "deleted:testimonial": ["testimonials"],
  "deleted:flower": FLOWER,
  "deleted:comment": ["comments", "gardenPages"],
  "edited:flower": FLOWER,
  "family:withdraw": FLOWER,
  "family:restore": FLOWER,
  "family:comments-off": FLOWER,
  "family:comments-on": FLOWER,
  "family:surname-initial": FLOWER,
  "family:surname-full": FLOWER,
  "family:updates-off": [],
  "family:updates-on": [],
  "family:link-only": FLOWER,
  "family:listed": FLOWER,
  "family:search-off": FLOWER,
  "family:search-on": FLOWER,
  "family:delete": FLOWER,
  "family-link:sent": [],
  "family-link:revoked": [],
  /** A correction to a live memorial waits for a volunteer; one made at once is to a memorial not yet in the garden. */
  "correction:asked": [],
  "correction:applied": [],
  "correction:withdrawn": [],
  "correction:approved": FLOWER,
  "correction:declined": [],
  /** New flowers have no comments yet. */
  "imported:bulk-upload": ["garden", "gardenPages"],
  "imported:bulk-update": FLOWER,
  "imported:reset": FLOWER,
} as const satisfies Record<string, readonly PageDataName[]>;

export type EventName = keyof typeof STALE_AFTER;

/** The server cache's key prefixes that `events` make stale. */
export function serverKeysAfter(...events: EventName[]): string[] {
  return [...new Set(events.flatMap((e) => STALE_AFTER[e].map((data) => PAGE_DATA[data].server)))];
}

/** The browser's query-key prefixes that `events` make stale. */
export function clientKeysAfter(...events: EventName[]): string[] {
  return [...new Set(events.flatMap((e) => STALE_AFTER[e].flatMap((data): readonly string[] => PAGE_DATA[data].client)))];
}
