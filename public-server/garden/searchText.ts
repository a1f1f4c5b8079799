import { foldText, fullName, lastInitial } from "../../shared/garden";
import { adminSearchText } from "../commands/adminSearch";

/*
 * A flower's search text, computed here and stored with the flower
 * (memorial_flowers.search_name, search_parent, search_email, name_initial):
 * the search indexes' triggers only copy it, so any connection can write a
 * flower (the CLI, the sqlite3 shell, another database later) without a
 * function of ours registered on it, and the text is folded by the very code
 * that folds a search. Every write of a flower's names stores it again.
 */

type Names = { babyFirstName: string; babyMiddleName?: string | null; babyLastName?: string | null };

/** What a change of a flower's names changes in its stored search text. */
export interface NameSearchText {
  /** The full name as both indexes keep it: folded, two spaces before each word ("  grace  marie  lee"). */
  searchName: string;
  /** The folded first letter of the last name, the garden's letter ("" without one). */
  nameInitial: string;
}

/** Everything a new flower stores for search. */
export interface FlowerSearchText extends NameSearchText {
  searchParent: string;
  searchEmail: string;
}

export const nameSearchText = (f: Names): NameSearchText => ({
  searchName: adminSearchText(foldText(fullName(f))),
  nameInitial: lastInitial(f.babyLastName),
});

export const flowerSearchText = (f: Names & { parentName?: string | null; email?: string | null }): FlowerSearchText => ({
  ...nameSearchText(f),
  searchParent: adminSearchText(f.parentName ?? ""),
  searchEmail: adminSearchText(f.email ?? ""),
});
