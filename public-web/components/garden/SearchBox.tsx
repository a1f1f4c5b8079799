import { useId } from "react";

/** "Search by Name" with a "Clear search" button; the list filters as the person types. */
export function SearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="garden-search" role="search">
      <label htmlFor={id} className="garden-search__label">
        Search by Name
      </label>
      <div className="garden-search__row">
        <input
          id={id}
          type="search"
          className="garden-search__input"
          value={value}
          autoComplete="off"
          placeholder="First, middle or last name"
          onChange={(e) => onChange(e.target.value)}
        />
        {value ? (
          <button type="button" className="btn btn--outline" onClick={() => onChange("")}>
            Clear search
          </button>
        ) : null}
      </div>
    </div>
  );
}
