import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('turns a failed answer into "<status>: <text>" and keeps the server message', async () => {
    const body = JSON.stringify({ message: 'Only 2 left in stock', code: 'conflict' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status: 409, statusText: 'Conflict' })),
    );
    const err = await api('/api/cart', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(`409: ${body}`);
    expect((err as ApiError).serverMessage).toBe('Only 2 left in stock');
  });

  it('uses the status text when the body is empty, and sends JSON with credentials', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response('', { status: 502, statusText: 'Bad Gateway' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('/api/x', { method: 'PUT', body: { a: 1 } })).rejects.toThrow('502: Bad Gateway');
    const init = fetchMock.mock.calls[0]![1];
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });
});
