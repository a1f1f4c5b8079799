/**
 * One way to write a time and one way to read it.
 *
 * Every moment is stored as ISO 8601 text in UTC with milliseconds and a Z
 * (`2026-11-23T09:00:00.000Z`): it sorts as text, compares in SQL, and means
 * the same on a server in any time zone. `SQL_NOW` is the same format made by
 * SQLite, for defaults and raw-SQL updates.
 */
export const SQL_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";

export const toDbTime = (date: Date): string => date.toISOString();

/**
 * Reads a stored moment. Rows written before the format was fixed may hold
 * SQLite's own `YYYY-MM-DD HH:MM:SS[.SSS]`, which is UTC too; `new Date()` would
 * read that as local time, hours off on a server not on UTC.
 */
export function parseDbTime(value: string | Date): Date {
  if (value instanceof Date) return value;
  const iso = /^\d{4}-\d\d-\d\d \d/.test(value) ? value.replace(" ", "T") : value;
  const date = new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(iso) ? iso : `${iso}Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a stored time: ${JSON.stringify(value)}`);
  return date;
}
