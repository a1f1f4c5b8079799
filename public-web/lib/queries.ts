import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { createStore } from "zustand/vanilla";

/**
 * A small query cache with the product's defaults: data never goes stale by
 * itself, no refetch on focus, no polling, no retries. A mutation refreshes
 * what it changed with `invalidate(key)`.
 */
interface Entry {
  data?: unknown;
  error?: unknown;
  loading: boolean;
  /** Bumped by invalidate: the next render fetches again. */
  generation: number;
  fetchedGeneration?: number;
}

interface QueryStore {
  entries: Record<string, Entry>;
}

const queryStore = createStore<QueryStore>()(() => ({ entries: {} }));
const inFlight = new Map<string, Promise<unknown>>();

function setEntry(key: string, patch: Partial<Entry>): void {
  queryStore.setState((s) => ({
    entries: { ...s.entries, [key]: { loading: false, generation: 0, ...s.entries[key], ...patch } },
  }));
}

/** Fetches `key` once (per generation), sharing the request between components. */
export function fetchQuery<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const existing = inFlight.get(key);
  if (existing) return existing as Promise<T>;
  const generation = queryStore.getState().entries[key]?.generation ?? 0;
  setEntry(key, { loading: true, fetchedGeneration: generation });
  const promise = fetcher().then(
    (data) => {
      setEntry(key, { data, error: undefined, loading: false });
      return data;
    },
    (error: unknown) => {
      setEntry(key, { error, loading: false });
      throw error;
    },
  );
  inFlight.set(key, promise);
  promise.finally(() => inFlight.delete(key)).catch(() => undefined);
  return promise;
}

/** Seeds a query with data the server already rendered into the page. */
function primeQuery(key: string, data: unknown): void {
  const generation = queryStore.getState().entries[key]?.generation ?? 0;
  setEntry(key, { data, loading: false, fetchedGeneration: generation });
}

/**
 * Starts the cache from the answers the server rendered the page with (the
 * server calls it before each render; the browser once, before hydration),
 * so the first render matches the HTML and nothing is fetched twice.
 */
export function seedQueries(data: Record<string, unknown>): void {
  inFlight.clear();
  queryStore.setState({ entries: {} });
  for (const [key, value] of Object.entries(data)) primeQuery(key, value);
}

/** Marks every query whose key starts with `prefix` as outdated; mounted ones fetch again. */
export function invalidate(prefix: string): void {
  queryStore.setState((s) => {
    const entries = { ...s.entries };
    for (const key of Object.keys(entries)) {
      if (key.startsWith(prefix)) entries[key] = { ...entries[key]!, generation: entries[key]!.generation + 1 };
    }
    return { entries };
  });
}

export interface QueryResult<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
}

/** Reads `key`, fetching it when first needed (or after invalidate) and while `enabled`. */
export function useQuery<T>(key: string, fetcher: () => Promise<T>, options: { enabled?: boolean } = {}): QueryResult<T> {
  const enabled = options.enabled ?? true;
  // The store as it is now is also what the server rendered: the server renders right after seeding it
  // (one synchronous step), the browser hydrates right after seeding it from the page. Reading the
  // store's initial (empty) state while hydrating, as a store hook does by default, the view would see
  // its data arrive once hydration is done, and React would render it all again at once: on the garden,
  // every card and link a second time, in one long task just after hydration (about 20 ms here, 80 ms
  // on a phone at a quarter of the speed).
  const read = useCallback(() => queryStore.getState().entries[key], [key]);
  const entry = useSyncExternalStore(queryStore.subscribe, read, read);
  const needsFetch = enabled && (!entry || entry.fetchedGeneration !== entry.generation) && !entry?.loading;
  // A key names one resource, so the fetcher of the latest render is used without re-running the effect.
  const latestFetcher = useRef(fetcher);
  useEffect(() => {
    latestFetcher.current = fetcher;
  });
  useEffect(() => {
    if (needsFetch) fetchQuery(key, () => latestFetcher.current()).catch(() => undefined);
  }, [key, needsFetch]);
  return {
    data: entry?.data as T | undefined,
    error: entry?.error,
    isLoading: enabled && (!entry || entry.loading || (entry.data === undefined && entry.error === undefined)),
  };
}
