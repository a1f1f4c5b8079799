import type { MigrationInterface, QueryRunner } from "typeorm";
import { registerLegacyFolding } from "./legacyFolding";

/**
 * The garden's search text is now kept as the admin's is: folded, with two
 * spaces before each word ("  grace  marie  lee", by garden_fold), so a search
 * of one or two letters reads the trigram index for the words it begins
 * instead of scanning every name. Every kept name is folded again and the
 * trigram index rebuilt from it.
 */
export class BoundsGardenWordStarts1797000000000 implements MigrationInterface {
  name = "BoundsGardenWordStarts1797000000000";

  async up(q: QueryRunner): Promise<void> {
    registerLegacyFolding(q);
    await q.query(`UPDATE garden_index SET folded = garden_fold(f.baby_first_name, f.baby_middle_name, f.baby_last_name)
      FROM memorial_flowers f WHERE f.id = garden_index.id`);
    await q.query(`INSERT INTO garden_fts (garden_fts) VALUES ('rebuild')`);
  }

  async down(): Promise<void> {
    // The old folding is gone with the code that made it; the spaced text still finds every name.
  }
}
