import type { ActivityDto } from "../../../shared/schemas/adminTools";
import { formatDateTime } from "../../../shared/dates";
import { formatCount } from "../../../shared/numbers";

const ACTION: Record<ActivityDto["action"], string> = {
  approved: "Approved",
  declined: "Declined",
  removed: "Removed",
  edited: "Edited",
  imported: "Imported",
  handled: "Handled",
  "key-refused": "Wrong import key",
  family: "Family's link",
};

interface ActivityListProps {
  items: readonly ActivityDto[];
  /** The position of the first row in the whole log (1 on the first page). */
  from?: number;
  /** How many rows the whole log holds. */
  total?: number;
}

/** Who did what and when, newest first: one page of the log. */
export function ActivityList({ items, from = 1, total = items.length }: ActivityListProps) {
  if (items.length === 0) return <p className="admin-empty">No activity yet.</p>;
  return (
    <div className="admin-scroll" role="region" aria-label="Activity log, scrollable table" tabIndex={0}>
      <table className="admin-table">
        <caption>
          {from === 1 && items.length === total
            ? `The latest ${formatCount(total)} actions, newest first`
            : `Actions ${formatCount(from)}–${formatCount(from + items.length - 1)} of ${formatCount(total)}, newest first`}
        </caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">What</th>
          </tr>
        </thead>
        <tbody>
          {items.map((a) => (
            <tr key={a.id}>
              <td>{formatDateTime(a.at)}</td>
              <td>{a.actor}</td>
              <td>{ACTION[a.action] ?? a.action}</td>
              <td>{a.summary}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
