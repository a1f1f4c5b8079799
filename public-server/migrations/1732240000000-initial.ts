import type { MigrationInterface, QueryRunner } from "typeorm";
import { COMMENT_LIBRARY_SEED } from "./seeds/commentLibrary";

const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ','now'))";

/** The data model's tables, the sessions table, and the seeded comment library. */
export class Initial1732240000000 implements MigrationInterface {
  name = "Initial1732240000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE users (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      username TEXT NOT NULL UNIQUE COLLATE NOCASE,
      password_hash TEXT NOT NULL,
      role TEXT NOT NULL DEFAULT 'user',
      created_at DATETIME NOT NULL DEFAULT ${NOW})`);
    await q.query(`CREATE TABLE memorial_flowers (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      parent_name TEXT,
      email TEXT,
      baby_first_name TEXT NOT NULL,
      baby_middle_name TEXT,
      baby_last_name TEXT,
      loss_date TEXT,
      flower_type TEXT NOT NULL,
      email_updates BOOLEAN NOT NULL DEFAULT 0,
      approved BOOLEAN NOT NULL DEFAULT 0,
      version INTEGER NOT NULL DEFAULT 1,
      created_at DATETIME NOT NULL DEFAULT ${NOW},
      updated_at DATETIME NOT NULL DEFAULT ${NOW})`);
    await q.query(`CREATE INDEX idx_memorial_flowers_approved ON memorial_flowers (approved, id)`);
    await q.query(`CREATE TABLE testimonials (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      first_name TEXT NOT NULL,
      last_name TEXT NOT NULL,
      child_name TEXT,
      testimonial TEXT NOT NULL,
      email TEXT,
      approved BOOLEAN NOT NULL DEFAULT 0,
      version INTEGER NOT NULL DEFAULT 1,
      created_at DATETIME NOT NULL DEFAULT ${NOW},
      updated_at DATETIME NOT NULL DEFAULT ${NOW})`);
    await q.query(`CREATE INDEX idx_testimonials_approved ON testimonials (approved, id)`);
    await q.query(`CREATE TABLE comment_library (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      text TEXT NOT NULL,
      category TEXT NOT NULL CHECK (category IN ('standard', 'biblical')),
      active BOOLEAN NOT NULL DEFAULT 1,
      created_at DATETIME NOT NULL DEFAULT ${NOW})`);
    await q.query(`CREATE TABLE memorial_comments (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      memorial_flower_id INTEGER NOT NULL REFERENCES memorial_flowers(id) ON DELETE CASCADE,
      commenter_name TEXT NOT NULL,
      comment_library_id INTEGER NOT NULL REFERENCES comment_library(id),
      approved BOOLEAN NOT NULL DEFAULT 0,
      version INTEGER NOT NULL DEFAULT 1,
      created_at DATETIME NOT NULL DEFAULT ${NOW},
      updated_at DATETIME NOT NULL DEFAULT ${NOW})`);
    await q.query(`CREATE INDEX idx_memorial_comments_flower ON memorial_comments (memorial_flower_id, approved)`);
    await q.query(`CREATE TABLE assistance_requests (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      first_name TEXT NOT NULL,
      last_name TEXT NOT NULL,
      email TEXT NOT NULL,
      phone_number TEXT NOT NULL,
      comments TEXT NOT NULL,
      created_at DATETIME NOT NULL DEFAULT ${NOW})`);
    await q.query(`CREATE TABLE donations (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      donor_name TEXT NOT NULL,
      donor_email TEXT NOT NULL,
      amount REAL NOT NULL,
      memorial_note TEXT,
      stripe_payment_intent_id TEXT,
      status TEXT NOT NULL DEFAULT 'pending',
      created_at DATETIME NOT NULL DEFAULT ${NOW})`);
    await q.query(`CREATE TABLE events (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      title TEXT NOT NULL,
      description TEXT NOT NULL,
      date TEXT NOT NULL,
      location TEXT,
      registration_required BOOLEAN NOT NULL DEFAULT 1,
      active BOOLEAN NOT NULL DEFAULT 1,
      created_at DATETIME NOT NULL DEFAULT ${NOW})`);
    await q.query(`CREATE TABLE event_registrations (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      phone TEXT,
      additional_info TEXT,
      created_at DATETIME NOT NULL DEFAULT ${NOW})`);
    await q.query(`CREATE TABLE sessions (
      id TEXT PRIMARY KEY,
      data TEXT NOT NULL,
      expires_at INTEGER NOT NULL)`);
    await q.query(`CREATE INDEX idx_sessions_expires ON sessions (expires_at)`);
    for (const entry of COMMENT_LIBRARY_SEED) {
      await q.query(`INSERT INTO comment_library (text, category) VALUES (?, ?)`, [entry.text, entry.category]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      "sessions",
      "event_registrations",
      "events",
      "donations",
      "assistance_requests",
      "memorial_comments",
      "comment_library",
      "testimonials",
      "memorial_flowers",
      "users",
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
