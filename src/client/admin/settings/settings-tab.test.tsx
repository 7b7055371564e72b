// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreSettings } from '#shared/settings.ts';
import { snapshot } from '../../ui/toast-store.ts';
import { makeAdminQueryClient } from '../session/admin-query-client.ts';
import { SettingsTab } from './settings-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SETTINGS: StoreSettings = {
  shippingRate: '3.91',
  freeShippingOver: null,
  supportEmail: 'help@ironwake.test',
  supportPhone: '+1 614 555 0100',
  ownerEmail: null,
  postalAddress: null,
  reminderDelayHours: null,
  hazmatToRemoteStates: false,
  minimumAge: 18,
  reorderReminderDays: 21,
  requireSecondFactor: false,
  updatedAt: '2026-03-01T00:00:00.000Z',
  updatedBy: null,
};

/** GET answers the settings (and no webhook endpoints); PUT answers `put`. */
function serve(put: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    init?.method === 'PUT'
      ? new Response(JSON.stringify(put.body), { status: put.status })
      : new Response(JSON.stringify(String(url).startsWith('/api/admin/webhooks') ? [] : SETTINGS)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const puts = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));

async function renderTab() {
  render(
    <QueryClientProvider client={makeAdminQueryClient(() => {})}>
      <SettingsTab />
    </QueryClientProvider>,
  );
  return within(await screen.findByRole('form', { name: 'Store settings' }));
}

/** The texts a control is described by, in order (its hint, then its error). */
const describedBy = (el: HTMLElement) =>
  String(el.getAttribute('aria-describedby'))
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

describe('the Settings tab', () => {
  it('refuses what the shared rules refuse beside the field, with its hint, focused, and sends nothing', async () => {
    const fetchMock = serve({ status: 200, body: SETTINGS });
    const form = await renderTab();
    const email = form.getByLabelText(/^Support e-mail/);
    fireEvent.change(email, { target: { value: 'not an address' } });
    fireEvent.click(form.getByRole('button', { name: 'Save Settings' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(email)).toEqual(['Shown in the shop, the footer and every e-mail', 'Enter an e-mail address']);
    expect(document.activeElement).toBe(email);
    expect(puts(fetchMock)).toEqual([]);
  });

  it('sends the reminder delay as hours, and shows the server’s field errors on their fields', async () => {
    const fetchMock = serve({
      status: 400,
      body: {
        message: 'The settings are not valid',
        code: 'validation',
        fieldErrors: { reminderDelayHours: ['The reminder delay must be between 1 and 48 hours'] },
      },
    });
    const form = await renderTab();
    const delay = form.getByLabelText(/^Remind shoppers/);
    fireEvent.change(delay, { target: { value: '24' } });
    const remote = form.getByRole('checkbox', { name: /Alaska, Hawaii and the US territories/ }) as HTMLInputElement;
    expect(remote.checked).toBe(false);
    expect(describedBy(remote)[0]).toMatch(/Military addresses \(APO, FPO, DPO\) are always refused/);
    fireEvent.click(remote);
    fireEvent.click(form.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => expect(delay.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(delay).at(-1)).toBe('The reminder delay must be between 1 and 48 hours');
    expect(puts(fetchMock)).toEqual([
      {
        shippingRate: '3.91',
        freeShippingOver: null,
        supportEmail: 'help@ironwake.test',
        supportPhone: '+1 614 555 0100',
        ownerEmail: null,
        postalAddress: null,
        reminderDelayHours: 24,
        hazmatToRemoteStates: true,
        minimumAge: 18,
        reorderReminderDays: 21,
        requireSecondFactor: false,
      },
    ]);
    expect(snapshot()[0]).toMatchObject({ title: 'Save Failed' });
  });

  it('sends the buyers’ age as chosen: 21, or off', async () => {
    const fetchMock = serve({ status: 200, body: { ...SETTINGS, minimumAge: 21 } });
    const form = await renderTab();
    const age = form.getByLabelText(/^Buyers confirm they are/);
    expect((age as HTMLSelectElement).value).toBe('18');
    fireEvent.change(age, { target: { value: '21' } });
    fireEvent.click(form.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(puts(fetchMock)[0]).toMatchObject({ minimumAge: 21 });
  });

  it('sends the reorder reminder days as typed, off when empty, and shows the range when out of it', async () => {
    const fetchMock = serve({ status: 200, body: { ...SETTINGS, reorderReminderDays: null } });
    const form = await renderTab();
    const days = form.getByLabelText(/^Days one bottle lasts/) as HTMLInputElement;
    expect(days.value).toBe('21');
    fireEvent.change(days, { target: { value: '5' } });
    fireEvent.click(form.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(days.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(days).at(-1)).toBe('The reorder reminder must be between 7 and 120 days, or off');
    expect(puts(fetchMock)).toEqual([]);
    fireEvent.change(days, { target: { value: '' } });
    fireEvent.click(form.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(puts(fetchMock)[0]).toMatchObject({ reorderReminderDays: null });
  });
});
