import { CheckIcon } from "../ui/icons/CheckIcon";
import { CloseIcon } from "../ui/icons/Icon";
import { formatCount } from "../../../shared/numbers";

interface CsvValidityProps {
  /** Null before any file is chosen. */
  valid: boolean | null;
  /** The problems to list (a very long list is cut; see problemCount). */
  errors: readonly string[];
  /** How many problems there are in all, when more than those listed. */
  problemCount?: number;
  /** Line shown under "Valid", e.g. "823 memorial flower entries ready to import." */
  summary?: string;
  fileName?: string;
}

/** The Valid / Invalid indicator of the CSV Import tab, listing every error in the reader's words. */
export function CsvValidity({ valid, errors, problemCount, summary, fileName }: CsvValidityProps) {
  if (valid === null) return null;
  const total = Math.max(problemCount ?? 0, errors.length);
  const unlisted = total - errors.length;
  return (
    <div className={`csv-validity ${valid ? "csv-validity--valid" : "csv-validity--invalid"}`} role="status" aria-live="polite">
      <p className="csv-validity__state">
        {valid ? <CheckIcon /> : <CloseIcon />} <strong>{valid ? "Valid" : "Invalid"}</strong>
        {fileName ? <span className="csv-validity__file"> · {fileName}</span> : null}
      </p>
      {valid && summary ? <p>{summary}</p> : null}
      {!valid && errors.length > 0 ? (
        <>
          <p>
            {formatCount(total)} problem{total === 1 ? "" : "s"} found{unlisted > 0 ? `; the first ${formatCount(errors.length)} are listed` : ""}:
          </p>
          <ul className="csv-validity__errors" aria-label="Problems in the file">
            {errors.map((error, i) => (
              <li key={i}>{error}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
