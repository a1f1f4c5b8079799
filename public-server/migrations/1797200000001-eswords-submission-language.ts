import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The language a visitor wrote in (a code of shared/i18n/locale.ts), kept with
 * their memorial flower or testimonial so every email that follows is written
 * in it, and with a request for help so the team answers in it. Rows from
 * before, from an import or from the team are English.
 */
export class EswordsSubmissionLanguage1797200000001 implements MigrationInterface {
  name = "EswordsSubmissionLanguage1797200000001";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE memorial_flowers ADD COLUMN language TEXT NOT NULL DEFAULT 'en'`);
    await q.query(`ALTER TABLE testimonials ADD COLUMN language TEXT NOT NULL DEFAULT 'en'`);
    await q.query(`ALTER TABLE assistance_requests ADD COLUMN language TEXT NOT NULL DEFAULT 'en'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE assistance_requests DROP COLUMN language`);
    await q.query(`ALTER TABLE testimonials DROP COLUMN language`);
    await q.query(`ALTER TABLE memorial_flowers DROP COLUMN language`);
  }
}
