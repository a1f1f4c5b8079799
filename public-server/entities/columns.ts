import type { EntitySchemaColumnOptions, ValueTransformer } from "typeorm";
import { SQL_NOW, parseDbTime, toDbTime } from "../lib/time";

/** Column helpers: every column states its type, so nothing relies on decorator metadata. */
export const idColumn: EntitySchemaColumnOptions = { type: "integer", primary: true, generated: "increment" };
export const text = (name: string, nullable = false): EntitySchemaColumnOptions => ({ type: "text", name, nullable });
export const int = (name: string, nullable = false): EntitySchemaColumnOptions => ({ type: "integer", name, nullable });
export const bool = (name: string): EntitySchemaColumnOptions => ({ type: "boolean", name, default: false });

/** Times go in and out through lib/time, never TypeORM's own datetime format (see there). */
const time: ValueTransformer = {
  to: (value: Date | string | null | undefined) => (value instanceof Date ? toDbTime(value) : value),
  from: (value: string | null) => (value === null ? null : parseDbTime(value)),
};
export const timeColumn = (name: string, nullable = false): EntitySchemaColumnOptions => ({ type: "text", name, nullable, transformer: time });
/** Set by SQLite when the row is inserted. */
export const createdAt: EntitySchemaColumnOptions = { ...timeColumn("created_at"), default: () => SQL_NOW, update: false };
/** Set at insert; every change writes it explicitly (TypeORM's automatic update date would use another format). */
export const updatedAt: EntitySchemaColumnOptions = { ...timeColumn("updated_at"), default: () => SQL_NOW };
/** Goes up by one on each change; the admin precondition (If-Match) compares it. */
export const version: EntitySchemaColumnOptions = { type: "integer", name: "version", default: 1 };
