import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import type { PublicFlowerDto } from "../../../shared/schemas/public";
import { api, messageFor } from "../../lib/api";
import { emptyText, filterFlowers, filterFromQuery, pageCount, pageItems, queryFromFilter, resultHeading, type GardenFilter } from "../../lib/garden";
import { useQuery } from "../../lib/queries";
import CommentDialog from "../forms/CommentDialog";
import { Spinner } from "../ui/Spinner";
import { FlowerFilter } from "./FlowerFilter";
import { LetterFilter } from "./LetterFilter";
import { Pagination } from "./Pagination";
import { ResultCard } from "./ResultCard";
import { SearchBox } from "./SearchBox";

export const FLOWERS_KEY = "/api/memorial-flowers";

/**
 * The Memorial Flowers section (SPEC §2, §4): filters, search, the result
 * heading, paged cards and the comment dialog. The filters start from the
 * URL (?search=, ?flower=, ?letter=) so an email can link to one baby.
 */
export function MemorialBrowser() {
  const location = useLocation();
  const [filter, setFilter] = useState<GardenFilter>(() => filterFromQuery(location.search));
  const [page, setPage] = useState(0);
  const [dialogFlower, setDialogFlower] = useState<PublicFlowerDto | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const flowers = useQuery(FLOWERS_KEY, () => api.get<PublicFlowerDto[]>(FLOWERS_KEY));
  const headingId = useId();
  const resultsId = useId();
  const resultsTop = useRef<HTMLHeadingElement>(null);

  const all = useMemo(() => flowers.data ?? [], [flowers.data]);
  const matches = useMemo(() => filterFlowers(all, filter), [all, filter]);
  const pages = pageCount(matches.length);
  const current = Math.min(page, pages - 1);

  // Keep the address in step with the filters (replace, not push: no history clutter).
  useEffect(() => {
    const query = queryFromFilter(filter);
    if (query !== window.location.search && !(query === "" && window.location.search === "")) {
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${query}${window.location.hash}`);
    }
  }, [filter]);

  /** Every change of a filter or of the search goes back to the first page (SPEC §4). */
  const update = (patch: Partial<GardenFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(0);
  };

  const openComments = (flower: PublicFlowerDto) => {
    setDialogFlower(flower);
    setDialogOpen(true);
  };

  const goToPageFromBottom = (p: number) => {
    setPage(p);
    resultsTop.current?.scrollIntoView({ block: "start" });
  };

  const hasFlowers = all.length > 0;
  return (
    <section className="garden-section memorials" aria-labelledby={headingId}>
      <h2 id={headingId}>Memorial Flowers</h2>
      <p className="garden-section__lead">Every flower here was planted with love. Take your time, and find the little ones you are looking for.</p>

      {hasFlowers ? (
        <div className="memorials__filters">
          <FlowerFilter selected={filter.flower} onToggle={(type) => update({ flower: filter.flower === type ? null : type })} />
          {filter.flower || filter.letter ? (
            <button type="button" className="btn btn--outline memorials__show-all" onClick={() => update({ flower: null, letter: null })}>
              Show All Flowers
            </button>
          ) : null}
          <LetterFilter selected={filter.letter} onToggle={(letter) => update({ letter: filter.letter === letter ? null : letter })} />
          <SearchBox value={filter.search} onChange={(search) => update({ search })} />
        </div>
      ) : null}

      {flowers.isLoading ? (
        <Spinner label="Loading memorial flowers..." />
      ) : flowers.error ? (
        <p className="memorials__error" role="alert">
          {messageFor(flowers.error, "We could not load the memorial flowers just now. Please try again in a little while.")}
        </p>
      ) : (
        <>
          <h3 ref={resultsTop} className="memorials__count" aria-live="polite" aria-atomic="true">
            {matches.length > 0 ? resultHeading(matches.length, filter) : emptyText(all.length, filter)}
          </h3>
          <Pagination page={current} pages={pages} onChange={setPage} label="Result pages, above the list" controls={resultsId} />
          {matches.length > 0 ? (
            <ul id={resultsId} className="memorial-grid">
              {pageItems(matches, current).map((flower) => (
                <ResultCard key={flower.id} flower={flower} onComments={openComments} />
              ))}
            </ul>
          ) : null}
          <Pagination page={current} pages={pages} onChange={goToPageFromBottom} label="Result pages, below the list" controls={resultsId} />
        </>
      )}
      <CommentDialog flower={dialogFlower} open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </section>
  );
}
