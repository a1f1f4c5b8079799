import type { EntitySchemaColumnOptions } from "typeorm";

/** Column helpers: every column states its type, so nothing relies on decorator metadata. */
export const idColumn: EntitySchemaColumnOptions = { type: "integer", primary: true, generated: "increment" };
export const text = (name: string, nullable = false): EntitySchemaColumnOptions => ({ type: "text", name, nullable });
export const int = (name: string, nullable = false): EntitySchemaColumnOptions => ({ type: "integer", name, nullable });
export const bool = (name: string): EntitySchemaColumnOptions => ({ type: "boolean", name, default: false });
export const createdAt: EntitySchemaColumnOptions = { type: "datetime", name: "created_at", createDate: true };
export const updatedAt: EntitySchemaColumnOptions = { type: "datetime", name: "updated_at", updateDate: true };
/** Goes up by one on each change; the admin precondition (If-Match) compares it. */
export const version: EntitySchemaColumnOptions = { type: "integer", name: "version", default: 1 };
