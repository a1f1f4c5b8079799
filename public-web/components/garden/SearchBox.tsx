import { memo, useId, type FormEvent, type RefObject } from "react";
import { GARDEN_PATH, type GardenQuery } from "../../../shared/garden";
import { pathInLocale } from "../../../shared/i18n/paths";
import { useLocale, useT } from "../../lib/i18n";
import { GardenLink, RESULTS_ANCHOR } from "./GardenLink";

interface SearchBoxProps {
  query: GardenQuery;
  /** What the box shows: the typed text while it settles, else the address's search. */
  value: string;
  onType(value: string): void;
  onSubmit(value: string): void;
  onGo(to: Partial<GardenQuery>): void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * "Search by Name" with a "Clear search" link. A GET form: without JavaScript
 * the Search button loads the address with ?search=; with it the results
 * follow the typing.
 */
export const SearchBox = memo(function SearchBox({ query, value, onType, onSubmit, onGo, inputRef }: SearchBoxProps) {
  const id = useId();
  const t = useT();
  const locale = useLocale();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(value);
  };
  return (
    <form className="garden-search" role="search" method="get" action={`${pathInLocale(GARDEN_PATH, locale)}#${RESULTS_ANCHOR}`} onSubmit={submit}>
      {query.flower ? <input type="hidden" name="flower" value={query.flower} /> : null}
      {query.letter ? <input type="hidden" name="letter" value={query.letter} /> : null}
      <label htmlFor={id} className="garden-search__label">
        {t("Search by Name")}
      </label>
      {/* A hint that stays in sight (a placeholder vanished as one typed, and a phone cut it short). */}
      <p id={`${id}-hint`} className="garden-search__hint">
        {t("First, middle or last name")}
      </p>
      <div className="garden-search__row">
        <input
          ref={inputRef}
          id={id}
          name="search"
          type="search"
          className="garden-search__input"
          value={value}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          onChange={(e) => onType(e.target.value)}
        />
        <button type="submit" className="btn btn--secondary garden-search__go">
          {t("Search")}
        </button>
        {value ? (
          <GardenLink to={{ ...query, search: "", page: 1 }} onGo={onGo} className="btn btn--outline garden-search__clear">
            {t("Clear search")}
          </GardenLink>
        ) : null}
      </div>
    </form>
  );
});
