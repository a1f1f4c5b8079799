/** Shared, pure CSV code (text in, data out) for the server, the web admin and the desktop app. */
export * from "./strict";
export * from "./flexible";
export * from "./template";
export * from "./decode";
export * from "./export";
export * from "./read";
export { CSV_BOM, CSV_PARSE_OPTIONS, readCsvRecords, stripBom } from "./records";
