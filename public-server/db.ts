/*
 * The database's door for the rest of the server: its parts live in
 * database/ (see database/database.ts).
 */
export { Database } from "./database/database";
export type { DatabaseState } from "./database/health";
export { openDatabase } from "./database/open";
