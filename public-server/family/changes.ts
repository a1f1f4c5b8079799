/** The changes a family makes at once through their link: each only shows less, or undoes such a choice. */
export const FAMILY_CHANGES = [
  "withdraw",
  "restore",
  "comments-off",
  "comments-on",
  "surname-initial",
  "surname-full",
  "updates-off",
  "updates-on",
  "link-only",
  "listed",
  "search-off",
  "search-on",
  "delete",
] as const;
export type FamilyChange = (typeof FAMILY_CHANGES)[number];
