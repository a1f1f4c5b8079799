import { useId } from "react";
import { LETTERS } from "../../lib/garden";

/** A–Z buttons that filter by the first letter of the last name; pressing the active one clears it. */
export function LetterFilter({ selected, onToggle }: { selected: string | null; onToggle(letter: string): void }) {
  const titleId = useId();
  return (
    <div className="letter-filter">
      <h3 className="letter-filter__title" id={titleId}>
        Filter by Last Name
      </h3>
      <div className="letter-filter__letters" role="group" aria-labelledby={titleId}>
        {LETTERS.map((letter) => (
          <button key={letter} type="button" className="letter-filter__button" aria-pressed={selected === letter} onClick={() => onToggle(letter)}>
            {letter}
          </button>
        ))}
      </div>
      {selected ? (
        <p className="letter-filter__status">
          Showing names beginning with <strong>{selected}</strong>
        </p>
      ) : null}
    </div>
  );
}
