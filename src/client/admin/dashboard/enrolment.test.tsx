// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '#shared/staff.ts';
import { MemoryRouter } from '../../app/router.tsx';
import { makeAdminQueryClient } from '../session/admin-query-client.ts';
import { DashboardPage } from './dashboard-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dashboard of an admin the store requires to enrol a second factor', () => {
  it('shows Your account alone, and asks the store for nothing else', async () => {
    const answers: Record<string, unknown> = {
      '/api/admin/me': {
        username: 'packer',
        labelProvider: 'builtin',
        mustEnrol: true,
        role: 'fulfilment',
        permissions: [...ROLE_PERMISSIONS.fulfilment],
      },
      '/api/admin/me/second-factors': { authenticatorApp: false, recoveryCodesLeft: 0, passkeys: 0, required: true },
      '/api/admin/passkeys': [],
    };
    const fetchMock = vi.fn(async (url: string) =>
      url in answers
        ? new Response(JSON.stringify(answers[url]))
        : new Response(JSON.stringify({ message: 'The store requires a second factor' }), { status: 403 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const qc = makeAdminQueryClient(() => {});
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/admin']}>
          <DashboardPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/This store requires a second factor for every admin/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Set Up Authenticator App' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a Passkey' })).toBeTruthy();
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Test Printer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([url]) => url);
    expect(asked.every((url) => url in answers)).toBe(true);
  });
});
