import { formatCount } from "../../../shared/numbers";

/** The red pending count on a tab; nothing at 0. Read aloud as "3 pending". */
export function PendingBadge({ count, label = "pending" }: { count: number; label?: string }) {
  if (count <= 0) return null;
  return (
    <span className="admin-badge">
      <span aria-hidden="true">{formatCount(count)}</span>
      <span className="sr-only">
        {", "}
        {formatCount(count)} {label}
      </span>
    </span>
  );
}
