import { GARDEN_CSV_HEADER, gardenCsvRows } from "../../shared/csv/export";
import { CSV_BOM } from "../../shared/csv/records";
import type { Services } from "../context";
import { approvedFlowersAfter } from "../queries/memorialFlowers";

/** Flowers read and written per page of the download: a few milliseconds of reading, about 60 KB of text. */
const EXPORT_PAGE = 1000;

/**
 * The garden download (every approved flower, oldest first, with its version),
 * a page at a time: the next page is read only when the last one has gone to
 * the client, so the server holds one page however large the garden (the whole
 * garden as one string held 265 MB at 100,000 flowers). Pages are read on the
 * read-only connection, each as it is then; a flower changed during the
 * download is written as it was when its page was read, with that version, so
 * an update sent back later still knows exactly which flowers changed since.
 */
export async function* gardenCsvPages(s: Services): AsyncGenerator<string> {
  yield CSV_BOM + GARDEN_CSV_HEADER;
  let after = 0;
  for (;;) {
    const rows = await s.db.read((_, m) => approvedFlowersAfter(m, after, EXPORT_PAGE));
    if (rows.length === 0) return;
    yield gardenCsvRows(rows);
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1]!.id;
    // A fast client takes pages as quickly as they are read: other requests get their turn between two pages,
    // not only when the socket's buffer is full (at 100,000 flowers the download held the event loop 1.6 s).
    await new Promise((resolve) => setImmediate(resolve));
  }
}
