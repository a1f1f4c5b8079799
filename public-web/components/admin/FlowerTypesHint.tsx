import { FLOWERS } from "../../../shared/flowers";

/** The bulk format hint: columns, the ten flower types, and that the date of loss is optional free text. */
export function FlowerTypesHint() {
  return (
    <details className="admin-hint" open>
      <summary>CSV format</summary>
      <p>
        Columns: First Name, Middle Name, Last Name, Date of Loss, Flower Type, and ID (only for updates). A header row is optional; without one, the columns
        are read in that order. Only First Name and Flower Type are needed.
      </p>
      <p>The date of loss is completely optional free text, such as "March 2020", "2019" or "Spring 2021".</p>
      <p>Valid flower types (the ten flowers of the garden):</p>
      <ul className="admin-hint__flowers">
        {FLOWERS.map((f) => (
          <li key={f.type}>
            <code>{f.type}</code> ({f.label})
          </li>
        ))}
      </ul>
    </details>
  );
}
