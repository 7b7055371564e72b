import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown, statusText = '') =>
  vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status, statusText }));

describe('api client', () => {
  it('turns a failed answer into "<status>: <text>" and keeps the server message, code and field errors', async () => {
    const body = { message: 'Only 2 left in stock', code: 'conflict', fieldErrors: { quantity: ['Too many'] } };
    vi.stubGlobal('fetch', answer(409, body, 'Conflict'));
    const err = await api('/api/cart', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(`409: ${JSON.stringify(body)}`);
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).serverMessage).toBe('Only 2 left in stock');
    expect((err as ApiError).code).toBe('conflict');
    expect((err as ApiError).fieldErrors).toEqual({ quantity: ['Too many'] });
  });

  it('uses the status text when the body is empty, and sends JSON with credentials', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response('', { status: 502, statusText: 'Bad Gateway' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const err = await api('/api/x', { method: 'PUT', body: { a: 1 } }).catch((e: unknown) => e);
    expect((err as ApiError).message).toBe('502: Bad Gateway');
    expect((err as ApiError).serverMessage).toBeUndefined();
    expect((err as ApiError).code).toBeUndefined();
    const init = fetchMock.mock.calls[0]![1];
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends a multipart form as it is, for the browser to set its boundary', async () => {
    const fetchMock = answer(201, { imageUrl: '/uploads/a.webp' });
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/png' }), 'a.png');
    expect(await api('/api/admin/upload-image', { method: 'POST', body: form })).toEqual({ imageUrl: '/uploads/a.webp' });
    const init = fetchMock.mock.calls[0]![1];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
    expect(init.credentials).toBe('include');
  });
});

describe('errorMessage', () => {
  const failure = (status: number, message?: string) =>
    new ApiError(status, 'x', message === undefined ? undefined : { message, code: 'c' });

  it("shows the server's message, or the fallback when there is none", () => {
    expect(errorMessage(failure(400, 'Name is too long'), 'Please try again.')).toBe('Name is too long');
    expect(errorMessage(failure(500, 'Internal server error'), 'Please try again.')).toBe('Internal server error');
    expect(errorMessage(failure(400), 'Please try again.')).toBe('Please try again.');
    expect(errorMessage(failure(400, ''), 'Please try again.')).toBe('Please try again.');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Please try again.')).toBe('Please try again.');
    expect(errorMessage(undefined, 'Please try again.')).toBe('Please try again.');
  });

  it("keeps a 5xx's text from shoppers under the 4xx rule", () => {
    expect(errorMessage(failure(429, 'Too many requests'), 'Checkout failed', '4xx')).toBe('Too many requests');
    expect(errorMessage(failure(503, 'Service unavailable'), 'Checkout failed', '4xx')).toBe('Checkout failed');
  });

  it('shows the message of one status only, when the rule names it', () => {
    expect(errorMessage(failure(409, 'Only 4 left in stock'), 'Failed to add item', 409)).toBe('Only 4 left in stock');
    expect(errorMessage(failure(400, 'quantity: Required'), 'Failed to add item', 409)).toBe('Failed to add item');
  });
});
