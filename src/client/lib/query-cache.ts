/**
 * The storefront's query cache (docs/decisions/0062): each answer is kept under its query key, for
 * the page's life, on the server (filled by a route's prefetch) and in the browser (filled from the
 * server's state, then by fetches). Data never goes stale on its own, nothing is retried and nothing
 * is refetched on window focus: a query fetches when a component shows it and it has no data, or
 * after it was invalidated. The dashboard keeps TanStack Query in its own chunk.
 */

export type QueryKey = readonly unknown[];
declare const dataType: unique symbol;
/** A query key that carries the type of its data, as `queryOptions` gives it. */
export type TypedQueryKey<T> = QueryKey & { [dataType]?: T };

export type QueryStatus = 'pending' | 'success' | 'error';

export interface QueryState<T = unknown> {
  data: T | undefined;
  error: unknown;
  /** pending: no data and no error yet; success: data; error: the last fetch failed (the data before it stays) */
  status: QueryStatus;
  isFetching: boolean;
}

interface Entry {
  key: QueryKey;
  state: QueryState;
  invalid: boolean;
  /** the number of the latest fetch: an answer to an earlier one is dropped */
  run: number;
  promise: Promise<void> | undefined;
  fn: (() => Promise<unknown>) | undefined;
  /** the components showing it */
  observers: number;
}

const PENDING: QueryState = { data: undefined, error: null, status: 'pending', isFetching: false };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** The key as a string, objects' properties sorted (as TanStack Query's hashKey): equal keys, one entry. */
export const hashKey = (key: QueryKey): string =>
  JSON.stringify(key, (_, v: unknown) =>
    isPlainObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );

/** Whether `key` starts with every element of `prefix` (['cart'] matches ['cart', 'abc']). */
export const matchesKey = (key: QueryKey, prefix: QueryKey): boolean =>
  prefix.length <= key.length && prefix.every((p, i) => hashKey([p]) === hashKey([key[i]]));

export class QueryClient {
  readonly #entries = new Map<string, Entry>();
  readonly #listeners = new Set<() => void>();
  /** mutations under way (lib/mutation.ts) */
  #mutating = 0;

  /** Called after every change of a query or of the mutations under way; gives the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  #notify() {
    for (const listener of [...this.#listeners]) listener();
  }

  #entry(key: QueryKey): Entry {
    const hash = hashKey(key);
    let entry = this.#entries.get(hash);
    if (!entry) {
      entry = { key, state: PENDING, invalid: false, run: 0, promise: undefined, fn: undefined, observers: 0 };
      this.#entries.set(hash, entry);
    }
    return entry;
  }

  /** The query's state; one object until it changes (what useSyncExternalStore compares). */
  getState<T>(key: TypedQueryKey<T>): QueryState<T> {
    return (this.#entries.get(hashKey(key))?.state ?? PENDING) as QueryState<T>;
  }

  getQueryData<T>(key: TypedQueryKey<T>): T | undefined {
    return this.getState(key).data;
  }

  /** Puts data under the key (a server's answer to a change, the server's prefetch); undefined changes nothing. */
  setQueryData<T>(key: TypedQueryKey<T>, data: T | undefined): void {
    if (data === undefined) return;
    const entry = this.#entry(key);
    entry.state = { ...entry.state, data, error: null, status: 'success' };
    entry.invalid = false;
    this.#notify();
  }

  /**
   * Fetches the query with `fn`. A fetch under way is shared, unless `replace`: then a new one
   * starts and the earlier one's answer is dropped (its callers wait for the new one).
   */
  fetchQuery(key: QueryKey, fn: () => Promise<unknown>, replace = false): Promise<void> {
    const entry = this.#entry(key);
    if (entry.promise && !replace) return entry.promise;
    const run = ++entry.run;
    const settle = (state: QueryState) => {
      if (run !== entry.run) return;
      entry.state = state;
      entry.promise = undefined;
      this.#notify();
    };
    const promise = Promise.resolve()
      .then(fn)
      .then(
        (data) => {
          if (run === entry.run) entry.invalid = false;
          settle({ data, error: null, status: 'success', isFetching: false });
        },
        (error: unknown) => settle({ ...entry.state, error, status: 'error', isFetching: false }),
      )
      .then(() => (run === entry.run ? undefined : entry.promise));
    entry.promise = promise;
    // Without data, a new fetch starts from pending (a failed one's error is cleared), as TanStack Query does.
    entry.state = { ...entry.state, isFetching: true, ...(entry.state.data === undefined && { error: null, status: 'pending' }) };
    this.#notify();
    return promise;
  }

  /**
   * A component shows the query (useQuery, while enabled): it fetches now when it has no data or was
   * invalidated, and again on each invalidation while shown. Gives the function that ends it.
   */
  observe(key: QueryKey, fn: () => Promise<unknown>): () => void {
    const entry = this.#entry(key);
    entry.observers += 1;
    entry.fn = fn;
    if ((entry.state.data === undefined || entry.invalid) && !entry.promise) void this.fetchQuery(key, fn);
    return () => {
      entry.observers -= 1;
    };
  }

  /**
   * Marks every query whose key starts with `queryKey` as out of date, and fetches again those a
   * component shows (a fetch under way is replaced). Resolves when they have answered; never rejects.
   */
  invalidateQueries({ queryKey }: { queryKey: QueryKey }): Promise<void> {
    const fetches: Promise<void>[] = [];
    for (const entry of this.#entries.values()) {
      if (!matchesKey(entry.key, queryKey)) continue;
      entry.invalid = true;
      if (entry.observers > 0 && entry.fn) fetches.push(this.fetchQuery(entry.key, entry.fn, true));
    }
    this.#notify();
    return Promise.all(fetches).then(() => undefined);
  }

  /** [key, data] for every query with data: what the server writes into the page (window.__RQ_STATE__). */
  dehydrate(): Array<[QueryKey, unknown]> {
    return [...this.#entries.values()].filter((e) => e.state.status === 'success').map((e) => [e.key, e.state.data]);
  }

  /** Puts the server's [key, data] pairs into the cache, before the first render. */
  hydrate(state: ReadonlyArray<readonly [QueryKey, unknown]>): void {
    for (const [key, data] of state) this.setQueryData(key, data);
  }

  clear(): void {
    this.#entries.clear();
  }

  get mutating(): number {
    return this.#mutating;
  }

  /** A mutation started (+1) or ended (-1). */
  countMutation(delta: 1 | -1): void {
    this.#mutating += delta;
    this.#notify();
  }
}
