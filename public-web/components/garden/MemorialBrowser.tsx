import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { gardenApiPath, gardenQueryFrom, gardenQueryString, type GardenPageDto, type GardenQuery } from "../../../shared/garden";
import type { PublicFlowerDto } from "../../../shared/schemas/public";
import { api, messageFor } from "../../lib/api";
import { emptyText, resultHeading } from "../../lib/garden";
import { fetchQuery, useQuery } from "../../lib/queries";
import CommentDialog from "../forms/CommentDialog";
import { Spinner } from "../ui/Spinner";
import { FlowerFilter } from "./FlowerFilter";
import { GardenLink, RESULTS_ANCHOR } from "./GardenLink";
import { LetterFilter } from "./LetterFilter";
import { Pagination } from "./Pagination";
import { ResultCard } from "./ResultCard";
import { SearchBox } from "./SearchBox";

/** How long typing may pause before the results follow it. */
const TYPING_PAUSE_MS = 200;

/**
 * The Memorial Flowers section: filters, search, the result
 * heading, paged cards and the comment dialog. The view lives in the address
 * (?flower=&letter=&search=&page=): the server renders any view, every
 * control is a link or a GET form, and with JavaScript the same addresses
 * change in place, one page of 12 asked of the server at a time.
 */
export function MemorialBrowser() {
  const [params, setParams] = useSearchParams();
  const query = gardenQueryFrom(params);
  const key = gardenApiPath(query);
  const result = useQuery(key, () => api.get<GardenPageDto>(key));
  // While the next view loads, the last one stays (no flash of a spinner between pages).
  const [shown, setShown] = useState<GardenPageDto | undefined>(result.data);
  if (result.data && result.data !== shown) setShown(result.data);
  const view = result.data ?? shown;

  const [typed, setTyped] = useState<string | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const [dialogFlower, setDialogFlower] = useState<PublicFlowerDto | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const headingId = useId();
  const resultsId = useId();
  const resultsTop = useRef<HTMLHeadingElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);

  /**
   * Shows the view `next`: its answer is asked for at once, not after React has rendered the new
   * address, and the address follows: a new entry in history (the back button returns), unless `replace`.
   */
  const show = (next: GardenQuery, replace: boolean) => {
    const nextKey = gardenApiPath(next);
    fetchQuery(nextKey, () => api.get<GardenPageDto>(nextKey)).catch(() => undefined);
    setParams(new URLSearchParams(gardenQueryString(next).slice(1)), { replace, preventScrollReset: true });
  };

  const go = (to: Partial<GardenQuery>, replace = false) => {
    clearTimeout(typingTimer.current);
    setTyped(null);
    show({ ...query, ...to }, replace);
  };

  /** Every change of a filter or of the search goes back to the first page; typing replaces history. */
  const type = (text: string) => {
    setTyped(text);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => {
      show({ ...query, search: text, page: 1 }, true);
      setTyped(null);
    }, TYPING_PAUSE_MS);
  };

  const clearSearch = (to: Partial<GardenQuery>) => {
    go(to);
    searchInput.current?.focus();
  };

  const goFromBottom = (to: Partial<GardenQuery>) => {
    go(to);
    resultsTop.current?.scrollIntoView({ block: "start" });
  };

  // Stable, so the cards (memoised) are not drawn again when only the address or the busy state changes.
  const openComments = useCallback((flower: PublicFlowerDto) => {
    setDialogFlower(flower);
    setDialogOpen(true);
  }, []);

  const hasFlowers = (view?.total ?? 0) > 0;
  const shownQuery = view?.query ?? query;
  const busy = result.isLoading && view !== undefined;
  return (
    <section className="garden-section memorials" aria-labelledby={headingId}>
      <h2 id={headingId}>Memorial Flowers</h2>
      <p className="garden-section__lead">Every flower here was planted with love. Take your time, and find the little ones you are looking for.</p>

      {hasFlowers ? (
        <div className="memorials__filters">
          <FlowerFilter query={query} onGo={go} />
          {query.flower || query.letter ? (
            <GardenLink to={{ ...query, flower: null, letter: null, page: 1 }} onGo={go} className="btn btn--outline memorials__show-all">
              Show All Flowers
            </GardenLink>
          ) : null}
          <LetterFilter query={query} onGo={go} />
          <SearchBox
            query={query}
            value={typed ?? query.search}
            onType={type}
            onSubmit={(text) => go({ search: text, page: 1 })}
            onGo={clearSearch}
            inputRef={searchInput}
          />
        </div>
      ) : null}

      {!view && result.error ? (
        <p className="memorials__error" role="alert">
          {messageFor(result.error, "We could not load the memorial flowers just now. Please try again in a little while.")}
        </p>
      ) : !view ? (
        <Spinner label="Loading memorial flowers..." />
      ) : (
        <div className="memorials__results" aria-busy={busy || undefined}>
          <h3 id={RESULTS_ANCHOR} ref={resultsTop} className="memorials__count" aria-live="polite" aria-atomic="true" tabIndex={-1}>
            {view.matches > 0 ? resultHeading(view.matches, shownQuery) : emptyText(view.total, shownQuery)}
          </h3>
          <Pagination query={shownQuery} page={view.page} pages={view.pages} onGo={go} label="Result pages, above the list" />
          {view.flowers.length > 0 ? (
            <ul id={resultsId} className="memorial-grid">
              {view.flowers.map((flower) => (
                <ResultCard key={flower.id} flower={flower} onComments={openComments} />
              ))}
            </ul>
          ) : null}
          <Pagination query={shownQuery} page={view.page} pages={view.pages} onGo={goFromBottom} label="Result pages, below the list" />
        </div>
      )}
      <CommentDialog flower={dialogFlower} open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </section>
  );
}
