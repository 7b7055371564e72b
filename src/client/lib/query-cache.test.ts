import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from './query-cache.ts';

/** A fetch whose answer the test gives when it wants. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("the storefront's query cache", () => {
  it('keeps data by key: an equal key (a new array, properties in another order) reads the same entry', () => {
    const qc = new QueryClient();
    qc.setQueryData(['product', 5], { name: 'Single' });
    qc.setQueryData(['filter', { a: 1, b: 2 }], 'ab');
    expect(qc.getQueryData(['product', 5])).toEqual({ name: 'Single' });
    expect(qc.getQueryData(['product', 6])).toBeUndefined();
    expect(qc.getQueryData(['filter', { b: 2, a: 1 }])).toBe('ab');
    // The server writes NaN as null: the browser's ['product', NaN] finds the server's answer.
    qc.setQueryData(['product', Number.NaN], null);
    expect(qc.getState(['product', null])).toMatchObject({ status: 'success', data: null });
  });

  it('shares one request between fetches of a key made while it is under way', async () => {
    const qc = new QueryClient();
    const answer = deferred<string[]>();
    const fn = vi.fn(() => answer.promise);
    const a = qc.fetchQuery(['cart', 's1'], fn);
    const b = qc.fetchQuery(['cart', 's1'], fn);
    expect(qc.getState(['cart', 's1'])).toMatchObject({ status: 'pending', isFetching: true });
    answer.resolve(['line']);
    await Promise.all([a, b]);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(qc.getState(['cart', 's1'])).toMatchObject({ status: 'success', data: ['line'], isFetching: false });
  });

  it('fetches a shown query only when it has no data: what the server sent is not asked for again', () => {
    const qc = new QueryClient();
    qc.hydrate([[['products'], [{ id: 1 }]]]);
    const fn = vi.fn(async () => [{ id: 2 }]);
    const stop = qc.observe(['products'], fn);
    expect(fn).not.toHaveBeenCalled();
    expect(qc.getQueryData(['products'])).toEqual([{ id: 1 }]);
    stop();
  });

  it('on invalidation fetches again the shown queries under the key, and the others when next shown', async () => {
    const qc = new QueryClient();
    let version = 0;
    const fn = vi.fn(async () => ++version);
    const stop = qc.observe(['cart', 's1'], fn);
    await vi.waitFor(() => expect(qc.getQueryData(['cart', 's1'])).toBe(1));
    qc.setQueryData(['cart', 's2'], 'not shown');
    await qc.invalidateQueries({ queryKey: ['cart'] });
    expect(qc.getQueryData(['cart', 's1'])).toBe(2);
    expect(fn).toHaveBeenCalledTimes(2);
    // Not shown: kept until a component shows it, which fetches it then.
    expect(qc.getQueryData(['cart', 's2'])).toBe('not shown');
    const other = vi.fn(async () => 'fresh');
    qc.observe(['cart', 's2'], other);
    await vi.waitFor(() => expect(qc.getQueryData(['cart', 's2'])).toBe('fresh'));
    stop();
    // A key is matched element by element: ['cart'] is not a prefix of ['cartography'].
    qc.setQueryData(['cartography'], 'x');
    const map = vi.fn(async () => 'y');
    const stopMap = qc.observe(['cartography'], map);
    await qc.invalidateQueries({ queryKey: ['cart'] });
    expect(map).not.toHaveBeenCalled();
    stopMap();
  });

  it('drops the answer of a fetch an invalidation replaced, so an older cart never overwrites a newer one', async () => {
    const qc = new QueryClient();
    const first = deferred<string>();
    const second = deferred<string>();
    const fn = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const stop = qc.observe(['cart', 's1'], fn);
    await vi.waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
    const refetched = qc.invalidateQueries({ queryKey: ['cart'] });
    await vi.waitFor(() => expect(fn).toHaveBeenCalledTimes(2));
    second.resolve('after the add');
    first.resolve('before the add');
    await refetched;
    await first.promise;
    expect(qc.getQueryData(['cart', 's1'])).toBe('after the add');
    stop();
  });

  it('keeps a failure as the query state, without retrying; a later success clears it', async () => {
    const qc = new QueryClient();
    const boom = new Error('502');
    const fn = vi.fn().mockRejectedValueOnce(boom).mockResolvedValueOnce('ok');
    await qc.fetchQuery(['reviews', 5], fn);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(qc.getState(['reviews', 5])).toMatchObject({ status: 'error', error: boom, data: undefined });
    // A component shown later asks again (the query has no data), from pending.
    const stop = qc.observe(['reviews', 5], fn);
    expect(qc.getState(['reviews', 5])).toMatchObject({ status: 'pending', error: null, isFetching: true });
    await vi.waitFor(() => expect(qc.getState(['reviews', 5])).toMatchObject({ status: 'success', data: 'ok', error: null }));
    stop();
  });

  it('keeps the data it had when a refetch fails', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['checkout-order', 'pi_1'], { total: '18.99' });
    await qc.fetchQuery(['checkout-order', 'pi_1'], async () => Promise.reject(new Error('offline')), true);
    expect(qc.getState(['checkout-order', 'pi_1'])).toMatchObject({ status: 'error', data: { total: '18.99' } });
  });

  it('tells its subscribers of each change, and gives the server the pairs it holds', () => {
    const qc = new QueryClient();
    const listener = vi.fn();
    const stop = qc.subscribe(listener);
    qc.setQueryData(['content', '/faq'], { title: 'FAQ' });
    qc.setQueryData(['ignored'], undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    qc.setQueryData(['products'], []);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(qc.dehydrate()).toEqual([
      [['content', '/faq'], { title: 'FAQ' }],
      [['products'], []],
    ]);
  });
});
