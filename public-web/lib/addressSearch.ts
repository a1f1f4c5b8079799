import { useSyncExternalStore } from "react";
import { useLocation } from "react-router-dom";

/**
 * The query string of the address (`?…` or ""), for a page whose view lives
 * in it and changes in place. A router navigation renders the whole app again
 * (every link, the header, the page); a view change needs none of that, so the
 * address is changed with the history API and only the components reading it
 * here render again. Back and forward still go through the router (which
 * sees every entry, pushed here or by itself) and land here too.
 */
const listeners = new Set<() => void>();

/**
 * Views asked for and not yet written into the browser's history, oldest first. Writing an entry
 * (pushState) costs the browser real work, so it waits until the new view is on screen
 * (writeAddressAfterPaint), or at most WRITE_WITHIN_MS.
 */
let queued: { search: string; replace: boolean }[] = [];
/** The history entry the waiting views follow; once the router moves elsewhere, they are dropped. */
let queuedOn: string | undefined;
let writeTimer: ReturnType<typeof setTimeout> | undefined;
const WRITE_WITHIN_MS = 300;

/** The router's history entries carry an index and a key; a new entry gets the next index and a key of its own. */
interface RouterState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const routerState = () => (window.history.state ?? {}) as RouterState;
const waiting = () => (queued.length > 0 && routerState().key === queuedOn ? queued : []);

function subscribe(listener: () => void): () => void {
  // Back or forward: the browser's address is the view again, whatever was still waiting.
  const onPop = () => {
    queued = [];
    listener();
  };
  listeners.add(listener);
  window.addEventListener("popstate", onPop);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", onPop);
  };
}

const currentSearch = () => waiting().at(-1)?.search ?? window.location.search;

/** The address's query string; on the server (and while hydrating) the router's, which is the same. */
export function useAddressSearch(): string {
  // The router's location also renders this again when the router itself moves (a link to another view).
  const { search } = useLocation();
  return useSyncExternalStore(subscribe, currentSearch, () => search);
}

/**
 * Moves the address to `search` on the same path: a new history entry (Back
 * returns), or the current one replaced. The hash is dropped, as a router
 * navigation to the same view would. Readers see the new search at once; the
 * browser's history follows (writeAddress).
 */
export function setAddressSearch(search: string, replace: boolean): void {
  if (search === currentSearch() && !window.location.hash) return;
  queued = [...waiting(), { search, replace }];
  queuedOn = routerState().key;
  writeTimer ??= setTimeout(writeAddress, WRITE_WITHIN_MS);
  for (const listener of listeners) listener();
}

/** Writes the views still waiting into the browser's history, in order. */
function writeAddress(): void {
  clearTimeout(writeTimer);
  writeTimer = undefined;
  // Views asked before the router moved elsewhere are dropped: the router's address stays as it is.
  const entries = waiting();
  queued = [];
  const { pathname } = window.location;
  for (const { search, replace } of entries) {
    const state = routerState();
    if (replace) window.history.replaceState(state, "", pathname + search);
    else window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state.idx ?? 0) + 1 }, "", pathname + search);
  }
}

/** Writes the waiting views once the browser has drawn the next frame (the new view shown first). */
export function writeAddressAfterPaint(): void {
  if (queued.length === 0) return;
  requestAnimationFrame(() => setTimeout(writeAddress, 0));
}
