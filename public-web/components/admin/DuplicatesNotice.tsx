import { LIMITS } from "../../../shared/constants";
import { formatCount } from "../../../shared/numbers";

/** "12 rows match flowers already in the garden" (or the singular). */
export const duplicatesText = (n: number) => (n === 1 ? "1 row matches a flower already in the garden" : `${n} rows match flowers already in the garden`);

interface DuplicatesNoticeProps {
  /** Rows that match a flower already in the garden, or "unchecked" when there were too many rows to check. */
  rows: number | "unchecked";
  skip: boolean;
  onSkip(skip: boolean): void;
}

/** The warning beside an upload's preview about rows already in the garden, with the choice to leave them out. */
export function DuplicatesNotice({ rows, skip, onSkip }: DuplicatesNoticeProps) {
  if (rows === "unchecked") {
    return (
      <p className="csv-notice" role="note">
        This file has more than {formatCount(LIMITS.duplicateCheckRows)} rows, so it was not checked for flowers already in the garden.
      </p>
    );
  }
  if (rows === 0) return null;
  return (
    <div className="bulk-duplicates" role="status">
      <p>
        <strong>{duplicatesText(rows)}</strong>: same names, date of loss and flower.
      </p>
      <label>
        <input type="checkbox" checked={skip} onChange={(e) => onSkip(e.target.checked)} /> Skip {rows === 1 ? "it" : "them"} when uploading
      </label>
    </div>
  );
}
