import type { FlexibleRow } from "../../../shared/csv/flexible";
import { describeFlower } from "../../../shared/flowers";
import { formatCount } from "../../../shared/numbers";

interface CsvPreviewTableProps {
  rows: readonly FlexibleRow[];
  caption?: string;
  /** Counts of the whole data when `rows` is only its beginning. */
  total?: { rows: number; valid: number };
}

/** A preview of bulk CSV rows: what each valid row will become, and why an invalid row is skipped. */
export function CsvPreviewTable({ rows, caption = "Preview of the rows", total }: CsvPreviewTableProps) {
  if (rows.length === 0) return null;
  const count = total?.rows ?? rows.length;
  const valid = total?.valid ?? rows.filter((r) => r.valid).length;
  const shown = rows.length < count ? ` (the first ${formatCount(rows.length)} shown)` : "";
  return (
    <div className="admin-scroll csv-preview" role="region" aria-label={`${caption}, scrollable table`} tabIndex={0}>
      <table className="admin-table">
        <caption>
          {caption}: {formatCount(valid)} valid, {formatCount(count - valid)} invalid{shown}
        </caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Status</th>
            <th scope="col">ID</th>
            <th scope="col">First Name</th>
            <th scope="col">Middle Name</th>
            <th scope="col">Last Name</th>
            <th scope="col">Date of Loss</th>
            <th scope="col">Flower</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line} className={row.valid ? "" : "admin-table__row--invalid"}>
              <th scope="row">{row.line}</th>
              <td>{row.valid ? "Valid" : `Invalid: ${row.messages.join("; ")}`}</td>
              <td>{row.entry?.id ?? ""}</td>
              <td>{row.entry?.babyFirstName ?? ""}</td>
              <td>{row.entry?.babyMiddleName ?? ""}</td>
              <td>{row.entry?.babyLastName ?? ""}</td>
              <td>{row.entry?.lossDate ?? ""}</td>
              <td>{row.entry ? describeFlower(row.entry.flowerType).label : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
