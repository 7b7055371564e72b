// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESTORED_SHIPPING_KEY } from '#shared/recovery.ts';
import { EMPTY_SHIPPING, ShippingForm } from './shipping-form.tsx';

// Tells whether the checkout loaded the restored details' module (it should only when they are kept).
const loads = vi.hoisted(() => ({ restoredShipping: 0 }));
vi.mock('./restored-shipping.ts', async (original) => {
  loads.restoredShipping += 1;
  return original();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const value = (label: string) => (screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement).value;
const renderForm = (initial = EMPTY_SHIPPING) => render(<ShippingForm initial={initial} onSave={async () => {}} />);

describe('the checkout’s step 1 after a reminder’s link', () => {
  // First: the module loads once per file, so only a test before any load can see that none happened.
  it('loads nothing more on an ordinary checkout, nor when storage is off', async () => {
    renderForm();
    cleanup();
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    renderForm();
    await new Promise((r) => setTimeout(r, 50));
    expect(loads.restoredShipping).toBe(0);
    expect(value('Email')).toBe('');
  });

  it('fills its empty fields from the kept details once, keeping what it has, and takes them out of storage', async () => {
    sessionStorage.setItem(
      RESTORED_SHIPPING_KEY,
      JSON.stringify({
        email: 'dana@example.com',
        firstName: 'Dana',
        lastName: 'Lee',
        city: 'Columbus',
        country: 'US',
        extra: 'x',
      }),
    );
    renderForm({ ...EMPTY_SHIPPING, firstName: 'Danielle' });
    await waitFor(() => expect(value('Email')).toBe('dana@example.com'));
    expect(value('First Name')).toBe('Danielle');
    expect(value('Last Name')).toBe('Lee');
    expect(value('City')).toBe('Columbus');
    expect(sessionStorage.getItem(RESTORED_SHIPPING_KEY)).toBeNull();
  });
});
