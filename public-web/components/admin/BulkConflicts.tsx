import type { UpdateChoice, UpdateConflicts } from "../../../shared/schemas/admin";
import { formatCount } from "../../../shared/numbers";

/** A bulk update the server held back: its sentence, and the rows whose flowers changed since the file was downloaded. */
export interface UpdateHeld {
  message: string;
  conflicts: UpdateConflicts;
}

interface BulkConflictsProps {
  held: UpdateHeld;
  /** True while the choice is being sent. */
  busy: boolean;
  onChoose(choice: UpdateChoice): void;
}

const rows = (n: number) => (n === 1 ? "this row" : `these ${formatCount(n)} rows`);

/**
 * The rows of a bulk update whose flowers someone changed (or deleted) after
 * the file was downloaded, each with what changed (now, and in the file), and
 * the two ways on: skip those rows, or overwrite them with the file. Nothing
 * was changed until one is chosen.
 */
export function BulkConflicts({ held, busy, onChoose }: BulkConflictsProps) {
  const { total, listed } = held.conflicts;
  return (
    <section className="bulk-conflicts" role="alert" aria-label="Flowers changed since your download">
      <p>
        <strong>Changed since your download.</strong> {held.message}
      </p>
      <div className="admin-scroll" role="region" aria-label="Changed flowers, scrollable table" tabIndex={0}>
        <table className="admin-table">
          <caption>What changed{listed.length < total ? ` (the first ${formatCount(listed.length)} of ${formatCount(total)} shown)` : ""}</caption>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Field</th>
              <th scope="col">Now in the garden</th>
              <th scope="col">In your file</th>
            </tr>
          </thead>
          <tbody>
            {listed.flatMap((row) =>
              row.deleted
                ? [
                    <tr key={row.id}>
                      <th scope="row">{row.id}</th>
                      <td colSpan={3}>Deleted since your download: it stays deleted, whichever you choose.</td>
                    </tr>,
                  ]
                : row.changes.map((change, i) => (
                    <tr key={`${row.id}-${change.column}`}>
                      {i === 0 ? (
                        <th scope="row" rowSpan={row.changes.length}>
                          {row.id}
                        </th>
                      ) : null}
                      <td>{change.column}</td>
                      <td>{change.now || "(empty)"}</td>
                      <td>{change.inFile || "(empty)"}</td>
                    </tr>
                  )),
            )}
          </tbody>
        </table>
      </div>
      <div className="admin-actions">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => onChoose("skip")}>
          Skip {rows(total)}, update the rest
        </button>
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => onChoose("overwrite")}>
          Overwrite with my file
        </button>
      </div>
    </section>
  );
}
