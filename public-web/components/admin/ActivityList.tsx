import type { ActivityDto } from "../../../shared/schemas/adminTools";
import { formatDateTime } from "../../../shared/dates";

const ACTION: Record<ActivityDto["action"], string> = {
  approved: "Approved",
  declined: "Declined",
  removed: "Removed",
  edited: "Edited",
  imported: "Imported",
  handled: "Handled",
  "key-refused": "Wrong import key",
};

/** Who did what and when, newest first. */
export function ActivityList({ items }: { items: readonly ActivityDto[] }) {
  if (items.length === 0) return <p className="admin-empty">No activity yet.</p>;
  return (
    <div className="admin-scroll" role="region" aria-label="Activity log, scrollable table" tabIndex={0}>
      <table className="admin-table">
        <caption>The latest {items.length} actions, newest first</caption>
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
