import { nameSearchText } from "../garden/searchText";
import type { Queries } from ".";

type Names = { babyFirstName: string; babyMiddleName: string | null; babyLastName: string | null };

/**
 * Stores a flower's name search text again from its names as they are now,
 * in the caller's transaction: after a write that changed its names in SQL
 * (a correction, the surname shown as its initial or in full).
 */
export async function storeNameSearch(q: Queries, id: number): Promise<void> {
  const [names] = (await q.query(
    `SELECT baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName, baby_last_name AS babyLastName FROM memorial_flowers WHERE id = ?`,
    [id],
  )) as Names[];
  if (!names) return;
  const { searchName, nameInitial } = nameSearchText(names);
  await q.query(`UPDATE memorial_flowers SET search_name = ?, name_initial = ? WHERE id = ?`, [searchName, nameInitial, id]);
}
