import { useId, useState, type FormEvent } from "react";
import { FLOWERS } from "../../../shared/flowers";

interface ListControlsProps {
  /** The lists' noun, e.g. "memorial flowers". */
  noun: string;
  /** Offer the flower-type filter (memorial flowers only). */
  withType?: boolean;
  onApply(filter: { q: string; type: string }): void;
}

/** Search (a name or an ID) and, for flowers, the flower type, applied on the server to both lists of a tab. */
export function ListControls({ noun, withType, onApply }: ListControlsProps) {
  const [q, setQ] = useState("");
  const [type, setType] = useState("");
  const searchId = useId();
  const typeId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ q, type });
  };
  return (
    <form className="admin-filter" role="search" aria-label={`Search ${noun}`} onSubmit={submit}>
      <div className="admin-filter__field">
        <label htmlFor={searchId}>Search by name or ID</label>
        <input id={searchId} type="search" value={q} onChange={(e) => setQ(e.target.value)} maxLength={100} />
      </div>
      {withType ? (
        <div className="admin-filter__field">
          <label htmlFor={typeId}>Flower type</label>
          <select
            id={typeId}
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              onApply({ q, type: e.target.value });
            }}
          >
            <option value="">All flowers</option>
            {FLOWERS.map((f) => (
              <option key={f.type} value={f.type}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className="btn btn--secondary">
        Search
      </button>
      {q || type ? (
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => {
            setQ("");
            setType("");
            onApply({ q: "", type: "" });
          }}
        >
          Clear
        </button>
      ) : null}
    </form>
  );
}
