import { COMMENT_LIBRARY } from "../../../shared/commentLibrary";

/**
 * The messages visitors may leave on a memorial flower, in English, in the order their ids follow
 * (shared/commentLibrary.ts holds them with their Spanish wording).
 */
export const COMMENT_LIBRARY_SEED: { text: string; category: "standard" | "biblical" }[] = COMMENT_LIBRARY.map(({ en, category }) => ({ text: en, category }));
