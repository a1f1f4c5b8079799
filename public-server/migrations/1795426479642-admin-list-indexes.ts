import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Indexes for the admin lists at garden scale (100,000 flowers): pages by
 * status and flower type newest first, the duplicate check of a bulk upload
 * by first name, and comments by status.
 */
export class AdminListIndexes1795426479642 implements MigrationInterface {
  name = "AdminListIndexes1795426479642";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idx_memorial_flowers_approved_type ON memorial_flowers (approved, flower_type, id)`);
    await q.query(`CREATE INDEX idx_memorial_flowers_first_name ON memorial_flowers (baby_first_name)`);
    await q.query(`CREATE INDEX idx_memorial_comments_approved ON memorial_comments (approved, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX idx_memorial_comments_approved`);
    await q.query(`DROP INDEX idx_memorial_flowers_first_name`);
    await q.query(`DROP INDEX idx_memorial_flowers_approved_type`);
  }
}
