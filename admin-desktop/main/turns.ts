/**
 * Work on many rows in main, a slice at a time. Main routes the window's input, so it must never hold
 * its thread for long: between two slices its other work runs (the window's clicks and keys, IPC).
 */

/**
 * Rows between two turns of main's event loop: a few milliseconds of work each, so that even on a
 * busy computer (where the same work takes several times as long) main answers within 200 ms.
 */
const ROWS_PER_TURN = 500;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Calls `each` with the rows a slice at a time (`first` for the first slice); stops when it answers false. Answers whether it went through every row. */
export async function inTurns<T>(rows: readonly T[], each: (slice: readonly T[], first: boolean) => boolean): Promise<boolean> {
  for (let start = 0; start < rows.length; start += ROWS_PER_TURN) {
    if (start > 0) await nextTurn();
    if (!each(rows.slice(start, start + ROWS_PER_TURN), start === 0)) return false;
  }
  return true;
}

/** A body written a slice at a time: `write` makes each slice's piece (the first with the CSV header), `between` joins them. */
export async function writeInTurns<T>(
  rows: readonly T[],
  write: (slice: readonly T[], options: { header: boolean }) => string,
  between = "\n",
): Promise<string> {
  const pieces: string[] = [];
  await inTurns(rows, (slice, first) => pieces.push(write(slice, { header: first })) > 0);
  return pieces.join(between);
}

/** The rows as one JSON array (each made by `shape`), written in turns. */
export async function jsonInTurns<T>(rows: readonly T[], shape: (row: T) => unknown = (row) => row): Promise<string> {
  return `[${await writeInTurns(rows, (slice) => JSON.stringify(slice.map(shape)).slice(1, -1), ",")}]`;
}
