import type { ErrorBody } from '#shared/errors.ts';

/**
 * Every non-success answer becomes an ApiError. Its message is "<status>: <response text>" (docs/product.md §7);
 * the server's own body ({message, code, fieldErrors}, docs/house.md rule 4) is kept for the screens that
 * show it: `serverMessage` is the text meant for people, `code` the kind of failure.
 */
export class ApiError extends Error {
  // Declared, then set once below: as class fields they would add code to every page's first load (0006).
  declare readonly serverMessage: string | undefined;
  declare readonly code: string | undefined;
  declare readonly fieldErrors: Record<string, string[]> | undefined;

  constructor(
    readonly status: number,
    text: string,
    body?: Partial<ErrorBody>,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.serverMessage = body?.message;
    this.code = body?.code;
    this.fieldErrors = body?.fieldErrors;
  }
}

/**
 * The text a failure shows: the server's own message when it has one and the call's rule allows it,
 * else `fallback` (docs/product.md §8). `shownFor` is that rule: left out, any answer; '4xx', only client
 * errors (a 5xx says nothing a shopper can act on); or one status, such as 409 for the cart's stock
 * limits (docs/decisions/0007).
 */
export function errorMessage(err: unknown, fallback: string, shownFor?: '4xx' | number): string {
  const shown = err instanceof ApiError && (!shownFor || (shownFor === '4xx' ? err.status < 500 : err.status === shownFor));
  return (shown && err.serverMessage) || fallback;
}

/** A failed answer as an ApiError: the server's JSON error when there is one, else its status and text. */
export async function failureOf(res: Response): Promise<ApiError> {
  const text = (await res.text()) || res.statusText;
  let parsed: Partial<ErrorBody> | undefined;
  try {
    parsed = JSON.parse(text) as Partial<ErrorBody>;
  } catch {
    // not JSON (a proxy's error page): the status and text say it all
  }
  return new ApiError(res.status, text, parsed);
}

/** A call to the store's API: JSON (or a multipart form) with the session cookie; JSON back. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const { body } = init;
  const json = body !== undefined && !(body instanceof FormData);
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (json) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers,
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  });
  if (!res.ok) throw await failureOf(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
