import { memo, useId } from "react";
import type { GardenQuery } from "../../../shared/garden";
import { LETTERS } from "../../lib/garden";
import { rich, useT } from "../../lib/i18n";
import { GardenLink } from "./GardenLink";

/** A–Z links that filter by the first letter of the last name; the active one clears it. */
export const LetterFilter = memo(function LetterFilter({ query, onGo }: { query: GardenQuery; onGo(to: Partial<GardenQuery>): void }) {
  const titleId = useId();
  const t = useT();
  return (
    <div className="letter-filter">
      <h3 className="letter-filter__title" id={titleId}>
        {t("Filter by Last Name")}
      </h3>
      <div className="letter-filter__letters" role="group" aria-labelledby={titleId}>
        {LETTERS.map((letter) => {
          const active = query.letter === letter;
          return (
            <GardenLink key={letter} to={{ ...query, letter: active ? null : letter, page: 1 }} onGo={onGo} className="letter-filter__button" current={active}>
              {letter}
            </GardenLink>
          );
        })}
      </div>
      {query.letter ? (
        <p className="letter-filter__status">{rich(t("Showing names beginning with {letter}"), { letter: <strong>{query.letter}</strong> })}</p>
      ) : null}
    </div>
  );
});
