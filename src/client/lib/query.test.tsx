// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIsMutating, useMutation } from './mutation.ts';
import { QueryClient, QueryClientProvider, queryOptions, useQuery, useQueryClient } from './query.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const productsQuery = (fn: () => Promise<string[]>) => queryOptions({ queryKey: ['products'], queryFn: fn });

function Products({ fn }: { fn: () => Promise<string[]> }) {
  const { data, isPending, isError } = useQuery(productsQuery(fn));
  if (isPending) return <p>Loading</p>;
  if (isError) return <p role="alert">Unavailable</p>;
  return <p>{data.join(', ')}</p>;
}

describe('useQuery', () => {
  it('hydrates the server’s HTML from the server’s state: same markup, no fetch, no warning', async () => {
    const server = new QueryClient();
    server.setQueryData(['products'], ['Single', '3-Pack']);
    const fn = vi.fn(async () => ['changed']);
    const html = renderToString(
      <QueryClientProvider client={server}>
        <Products fn={fn} />
      </QueryClientProvider>,
    );
    expect(html).toContain('Single, 3-Pack');
    const state = JSON.parse(JSON.stringify(server.dehydrate()));

    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const browser = new QueryClient();
    browser.hydrate(state);
    const root = await act(async () =>
      hydrateRoot(
        container,
        <QueryClientProvider client={browser}>
          <Products fn={fn} />
        </QueryClientProvider>,
      ),
    );
    expect(container.textContent).toBe('Single, 3-Pack');
    expect(fn).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('shows loading, then the answer; two components showing one query make one request', async () => {
    const fn = vi.fn(async () => ['Single']);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Products fn={fn} />
        <Products fn={fn} />
      </QueryClientProvider>,
    );
    expect(screen.getAllByText('Loading')).toHaveLength(2);
    expect(await screen.findAllByText('Single')).toHaveLength(2);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('shows an error once, without retrying', async () => {
    const fn = vi.fn(async (): Promise<string[]> => {
      throw new Error('502');
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Products fn={fn} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Unavailable');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('does not fetch while not enabled, and stays pending', async () => {
    const fn = vi.fn(async () => 'x');
    function Cart({ session }: { session: string | null }) {
      const q = useQuery({ queryKey: ['cart', session], queryFn: fn, enabled: Boolean(session) });
      return <p>{q.isPending ? 'pending' : String(q.data)}</p>;
    }
    const qc = new QueryClient();
    const { rerender } = render(
      <QueryClientProvider client={qc}>
        <Cart session={null} />
      </QueryClientProvider>,
    );
    await act(async () => {});
    expect(fn).not.toHaveBeenCalled();
    expect(screen.getByText('pending')).toBeTruthy();
    rerender(
      <QueryClientProvider client={qc}>
        <Cart session="s1" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('x')).toBeTruthy();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('shows the new answer after a change invalidates the query', async () => {
    let n = 0;
    const fn = vi.fn(async () => [`version ${++n}`]);
    function Refresh() {
      const qc = useQueryClient();
      return (
        <button type="button" onClick={() => void qc.invalidateQueries({ queryKey: ['products'] })}>
          Refresh
        </button>
      );
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Products fn={fn} />
        <Refresh />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('version 1')).toBeTruthy();
    fireEvent.click(screen.getByText('Refresh'));
    expect(await screen.findByText('version 2')).toBeTruthy();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('useMutation', () => {
  function Remove({ fn, onError }: { fn: (id: string) => Promise<string>; onError?: (e: unknown) => void }) {
    const busy = useIsMutating() > 0;
    const remove = useMutation({ mutationFn: fn, onError });
    return (
      <>
        <button type="button" disabled={busy} onClick={() => remove.mutate('line-1')}>
          {remove.isPending ? 'Removing' : remove.isSuccess ? `Removed ${remove.data}` : 'Remove'}
        </button>
        {remove.isError ? <p role="alert">Failed</p> : null}
      </>
    );
  }

  it('is pending while the server answers, counted as under way, then done', async () => {
    let answer!: (v: string) => void;
    const fn = vi.fn((id: string) => new Promise<string>((res) => (answer = () => res(id))));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Remove fn={fn} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByText('Remove'));
    const button = await screen.findByText('Removing');
    expect(button).toHaveProperty('disabled', true);
    expect(fn).toHaveBeenCalledWith('line-1');
    await act(async () => answer('line-1'));
    await waitFor(() => expect(screen.getByText('Removed line-1')).toHaveProperty('disabled', false));
  });

  it('reports a failure through onError and its state, without throwing from mutate', async () => {
    const onError = vi.fn();
    const failure = new Error('409');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Remove fn={async () => Promise.reject(failure)} onError={onError} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByText('Remove'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(failure, 'line-1');
    expect(screen.getByText('Remove')).toHaveProperty('disabled', false);
  });
});
