import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { apiPage } from './api-page.ts';

afterEach(() => vi.unstubAllGlobals());

describe('apiPage', () => {
  it('gives the items and the next page from the Link header, with credentials', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('[{"email":"a@b.c"}]', { headers: { link: '</api/admin/customers?limit=50&cursor=MTIz>; rel="next"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await apiPage('/api/admin/customers')).toEqual({
      data: [{ email: 'a@b.c' }],
      next: '/api/admin/customers?limit=50&cursor=MTIz',
    });
    expect(fetchMock.mock.calls[0]?.[1].credentials).toBe('include');
  });

  it('has no next page without a Link header', async () => {
    vi.stubGlobal('fetch', async () => new Response('[]'));
    expect(await apiPage('/api/admin/customers')).toEqual({ data: [], next: undefined });
  });

  it("fails as api() does: an ApiError with the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('{"message":"limit must be at most 200","code":"validation"}', { status: 400 }),
    );
    const err = await apiPage('/api/admin/customers?limit=500').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).serverMessage).toBe('limit must be at most 200');
  });
});
