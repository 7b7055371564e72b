import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { makeQueryClient } from '../../lib/query-client.ts';
import { snapshot, subscribe, type ToastInput } from '../../ui/toast-store.ts';
import { type AdminCallMeta, makeAdminQueryClient } from './admin-query-client.ts';

const failure = (status: number, message = 'Nope') =>
  new ApiError(status, JSON.stringify({ message }), { message, code: status === 401 ? 'unauthorized' : 'x' });

let toasts: ToastInput[] = [];
let unsubscribe = () => {};
beforeEach(() => {
  toasts = [];
  unsubscribe = subscribe(() => {
    const [t] = snapshot();
    if (t?.open) toasts.push({ title: t.title, description: t.description, variant: t.variant });
  });
});
afterEach(() => unsubscribe());

/** A query that fails with `err` on every try; resolves to how many tries it took. */
async function failQuery(qc: QueryClient, err: Error, meta?: AdminCallMeta): Promise<number> {
  const queryFn = vi.fn(async () => {
    throw err;
  });
  await qc.fetchQuery({ queryKey: ['admin', 'x', Math.random()], queryFn, retryDelay: 0, meta }).catch(() => {});
  return queryFn.mock.calls.length;
}

async function failMutation(qc: QueryClient, err: Error, meta?: AdminCallMeta): Promise<void> {
  const observer = new MutationObserver(qc, {
    mutationFn: async () => {
      throw err;
    },
    meta,
  });
  await observer.mutate().catch(() => {});
}

describe("the dashboard's QueryClient", () => {
  it('sends a 401 to sign-in once, with docs/product.md §6 toast, and does not retry it', async () => {
    const goToSignIn = vi.fn();
    const qc = makeAdminQueryClient(goToSignIn);
    expect(await failQuery(qc, failure(401), { failure: () => ({ title: 'Own failure' }) })).toBe(1);
    expect(goToSignIn).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([
      { title: 'Authentication Required', description: 'Please log in to access the admin dashboard', variant: 'destructive' },
    ]);
  });

  it('does the same for a failed write, instead of the write’s own toast', async () => {
    const goToSignIn = vi.fn();
    const qc = makeAdminQueryClient(goToSignIn);
    await failMutation(qc, failure(401), { failure: () => ({ title: 'Update Failed', description: 'Please try again.' }) });
    expect(goToSignIn).toHaveBeenCalledTimes(1);
    expect(toasts.map((t) => t.title)).toEqual(['Authentication Required']);
  });

  it('retries other failures of admin data up to 3 times, then shows the call’s own toast', async () => {
    const goToSignIn = vi.fn();
    const qc = makeAdminQueryClient(goToSignIn);
    const meta: AdminCallMeta = { failure: (err) => ({ title: 'Analytics Error', description: (err as Error).message }) };
    expect(await failQuery(qc, failure(500, 'boom'), meta)).toBe(4);
    expect(await failQuery(qc, new TypeError('Failed to fetch'))).toBe(4);
    // Refused is final, like signed out.
    expect(await failQuery(qc, failure(403))).toBe(1);
    expect(goToSignIn).not.toHaveBeenCalled();
    expect(toasts).toEqual([{ title: 'Analytics Error', description: '500: {"message":"boom"}', variant: 'destructive' }]);
  });

  it('does not retry writes, and says nothing for a call that declares no toast', async () => {
    const qc = makeAdminQueryClient(vi.fn());
    const mutationFn = vi.fn(async () => {
      throw failure(500);
    });
    await new MutationObserver(qc, { mutationFn }).mutate().catch(() => {});
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([]);
  });

  it("leaves a call's own 401 to it (a wrong password), and words an ended session as the call asks", async () => {
    const goToSignIn = vi.fn();
    const qc = makeAdminQueryClient(goToSignIn);
    await failMutation(qc, failure(401, 'Invalid username or password'), {
      ownsUnauthorized: true,
      failure: (err) => ({ title: 'Login Failed', description: (err as ApiError).serverMessage }),
    });
    expect(goToSignIn).not.toHaveBeenCalled();
    expect(toasts).toEqual([{ title: 'Login Failed', description: 'Invalid username or password', variant: 'destructive' }]);

    await failQuery(qc, failure(401), { sessionEnded: { title: 'Analytics Error', description: 'Admin session expired.' } });
    expect(goToSignIn).toHaveBeenCalledTimes(1);
    expect(toasts.at(-1)).toEqual({ title: 'Analytics Error', description: 'Admin session expired.', variant: 'destructive' });
  });

  it('keeps data fresh until asked, with no refetch on focus, like the storefront', () => {
    const admin = makeAdminQueryClient(vi.fn()).getDefaultOptions().queries;
    expect(admin?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(admin?.refetchOnWindowFocus).toBe(false);
  });
});

describe("the storefront's QueryClient", () => {
  it('is untouched by the dashboard: no retries, no redirect, no toast on a 401', async () => {
    const qc = makeQueryClient();
    for (const status of [401, 500]) {
      const queryFn = vi.fn(async () => {
        throw failure(status);
      });
      await qc.fetchQuery(['x', status], queryFn);
      expect(queryFn).toHaveBeenCalledTimes(1);
      expect(qc.getState(['x', status]).status).toBe('error');
    }
    expect(toasts).toEqual([]);
  });
});
