import { memo, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { gardenApiPath, gardenQueryFrom, gardenQueryString, type GardenPageDto, type GardenQuery } from "../../../shared/garden";
import type { PublicMemorialDto } from "../../../shared/schemas/public";
import { setAddressSearch, useAddressSearch, writeAddressAfterPaint } from "../../lib/addressSearch";
import { api, messageFor } from "../../lib/api";
import { emptyText, resultHeading } from "../../lib/garden";
import { useT } from "../../lib/i18n";
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
 * How long an answer may take before the results are marked busy (dimmed, with a quiet line saying
 * so, read once by screen readers). A usual answer comes well within it, and the new view then
 * replaces the old one in a single change of the page, without a flash of the busy state in between.
 */
const BUSY_AFTER_MS = 350;

/** The comment dialog, drawn again only when it opens, closes or shows another memorial. */
const Comments = memo(CommentDialog);

/**
 * Shows the view `next`: its answer is asked for at once, not after React has rendered the new
 * address, and the address follows: a new entry in history (the back button returns), unless
 * `replace`, written once the new view is on screen.
 */
function showView(next: GardenQuery, replace: boolean): void {
  const key = gardenApiPath(next);
  fetchQuery(key, () => api.get(key)).catch(() => undefined);
  setAddressSearch(gardenQueryString(next), replace);
}

/**
 * The Memorial Flowers section: filters, search, the result
 * heading, paged cards and the comment dialog. The view lives in the address
 * (?flower=&letter=&search=&page=): the server renders any view, every
 * control is a link or a GET form, and with JavaScript the same addresses
 * change in place, one page of 12 asked of the server at a time.
 */
export function MemorialBrowser() {
  // The view asked for (the address), and the view on screen (the last answer, until the next arrives).
  const asked = gardenQueryFrom(useAddressSearch());
  const key = gardenApiPath(asked);
  const result = useQuery(key, () => api.get(key));
  const t = useT();
  // While the next view loads, the last one stays (no flash of a spinner between pages).
  const [shown, setShown] = useState<GardenPageDto | undefined>(result.data);
  if (result.data && result.data !== shown) setShown(result.data);
  const view = result.data ?? shown;
  // Filters, heading, pages and cards all describe the view on screen, so they change together, once.
  const query = view?.query ?? asked;

  const waiting = result.isLoading && view !== undefined;
  const [slowKey, setSlowKey] = useState<string | null>(null);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setSlowKey(key), BUSY_AFTER_MS);
    return () => clearTimeout(timer);
  }, [waiting, key]);
  const busy = waiting && slowKey === key;
  // The view asked for is on screen: the browser's history can now take its entry.
  const answered = result.data !== undefined;
  useEffect(() => {
    if (answered) writeAddressAfterPaint();
  }, [answered, key]);

  const [typed, setTyped] = useState<string | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const [dialogFlower, setDialogFlower] = useState<PublicMemorialDto | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const headingId = useId();
  const resultsId = useId();
  const resultsTop = useRef<HTMLHeadingElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);

  // The handlers read the latest views through this, so they keep one identity: the memoised filters,
  // pages and cards are then not drawn again when only the address has moved (the answer is on its way).
  const latest = useRef({ query, asked });
  useLayoutEffect(() => {
    latest.current = { query, asked };
  });

  const go = useCallback((to: Partial<GardenQuery>, replace = false) => {
    clearTimeout(typingTimer.current);
    setTyped(null);
    showView({ ...latest.current.query, ...to }, replace);
  }, []);

  /** Every change of a filter or of the search goes back to the first page; typing replaces history. */
  const type = useCallback((text: string) => {
    setTyped(text);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => {
      showView({ ...latest.current.asked, search: text, page: 1 }, true);
      setTyped(null);
    }, TYPING_PAUSE_MS);
  }, []);

  const search = useCallback((text: string) => go({ search: text, page: 1 }), [go]);

  const clearSearch = useCallback(
    (to: Partial<GardenQuery>) => {
      go(to);
      searchInput.current?.focus();
    },
    [go],
  );

  const goFromBottom = useCallback(
    (to: Partial<GardenQuery>) => {
      go(to);
      resultsTop.current?.scrollIntoView({ block: "start" });
    },
    [go],
  );

  const openComments = useCallback((flower: PublicMemorialDto) => {
    setDialogFlower(flower);
    setDialogOpen(true);
  }, []);
  const closeComments = useCallback(() => setDialogOpen(false), []);
  const navigate = useNavigate();

  const hasFlowers = (view?.total ?? 0) > 0;
  return (
    <section className="garden-section memorials" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("Memorial Flowers")}</h2>
      <p className="garden-section__lead">{t("Every flower here was planted with love. Take your time, and find the little ones you are looking for.")}</p>

      {hasFlowers ? (
        <div className="memorials__filters">
          <FlowerFilter query={query} onGo={go} />
          {query.flower || query.letter ? (
            <GardenLink to={{ ...query, flower: null, letter: null, page: 1 }} onGo={go} className="btn btn--outline memorials__show-all">
              {t("Show All Flowers")}
            </GardenLink>
          ) : null}
          <LetterFilter query={query} onGo={go} />
          <SearchBox query={query} value={typed ?? asked.search} onType={type} onSubmit={search} onGo={clearSearch} inputRef={searchInput} />
        </div>
      ) : null}

      {!view && result.error ? (
        <p className="memorials__error" role="alert">
          {messageFor(result.error, t("We could not load the memorial flowers just now. Please try again in a little while."), t)}
        </p>
      ) : !view ? (
        <Spinner label={t("Loading memorial flowers...")} />
      ) : (
        <div className="memorials__results" aria-busy={busy || undefined}>
          <h3 id={RESULTS_ANCHOR} ref={resultsTop} className="memorials__count" aria-live="polite" aria-atomic="true" tabIndex={-1}>
            {view.matches > 0 ? resultHeading(view.matches, query, view.more, t) : emptyText(view.total, query, t)}
          </h3>
          {/* Always in the page, so its words are read when they appear: once for each slow change. */}
          <p className="memorials__busy" role="status">
            {busy ? t("Finding the flowers…") : null}
          </p>
          <Pagination query={query} page={view.page} pages={view.pages} onGo={go} label={t("Result pages, above the list")} />
          {view.flowers.length > 0 ? (
            <ul id={resultsId} className="memorial-grid">
              {/* Keyed by place on the page: another page or filter fills the same twelve cards in place
                  (new text and links) instead of removing them and building twelve new ones. */}
              {view.flowers.map((flower, place) => (
                <ResultCard key={place} flower={flower} onOpen={(to) => void navigate(to)} onComments={openComments} />
              ))}
            </ul>
          ) : null}
          <Pagination query={query} page={view.page} pages={view.pages} onGo={goFromBottom} label={t("Result pages, below the list")} />
        </div>
      )}
      <Comments flower={dialogFlower} open={dialogOpen} onClose={closeComments} />
    </section>
  );
}
