import type { ErrorBody } from '#shared/errors.ts';

/**
 * Every non-success answer becomes an ApiError. Its message is "<status>: <response text>" (SPEC §7);
 * the server's own {message} is kept as serverMessage for the toasts that show it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly serverMessage: string | undefined,
    readonly fieldErrors: Record<string, string[]> | undefined,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }
}

export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    let body: Partial<ErrorBody> | undefined;
    try {
      body = JSON.parse(text) as Partial<ErrorBody>;
    } catch {
      body = undefined;
    }
    throw new ApiError(res.status, text, body?.message, body?.fieldErrors);
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
