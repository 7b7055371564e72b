// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ShippingFields } from '#shared/checkout.ts';
import type { ShippingChoices } from '#shared/consent.ts';
import type { PublicConfig } from '#shared/ssr-contract.ts';
import { ApiError } from '../../lib/api-client.ts';
import { PublicConfigProvider } from '../../lib/public-config.tsx';
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
const configWith = (minimumAge: number | null): PublicConfig => ({
  publicUrl: 'http://store.test',
  supportEmail: 'support@ironwakesalts.com',
  supportPhone: '+1-800-555-0199',
  paymentMode: 'test',
  shipping: { rateCents: 391, freeOverCents: null },
  stripePublishableKey: null,
  minimumAge,
  tagsWithheld: false,
  tags: { gaMeasurementId: null, googleAdsId: null, googleAdsConversionLabel: null, metaPixelId: null },
});
const renderForm = (
  initial = EMPTY_SHIPPING,
  onSave: (values: ShippingFields, choices: ShippingChoices) => Promise<void> = async () => {},
  minimumAge: number | null = 18,
) =>
  render(
    <PublicConfigProvider value={configWith(minimumAge)}>
      <ShippingForm initial={initial} onSave={onSave} />
    </PublicConfigProvider>,
  );
const FILLED = {
  ...EMPTY_SHIPPING,
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Lee',
  address: '12 Iron Way',
  city: 'Columbus',
  state: 'OH',
  zip: '43004',
};

describe('the checkout’s step 1 boxes (docs/decisions/0048, 0049)', () => {
  it('asks the store’s age, unticked, sends what was ticked, and shows the store’s refusal beside the box', async () => {
    const onSave = vi.fn(async (_values: unknown, choices: { ageConfirmed: boolean }) => {
      if (!choices.ageConfirmed) {
        throw new ApiError(400, 'Bad Request', {
          message: 'Please confirm you are 21 or older. You must be 21 or older to buy from this store.',
          fieldErrors: { ageConfirmed: ['Please confirm you are 21 or older. You must be 21 or older to buy from this store.'] },
        });
      }
    });
    renderForm(FILLED, onSave, 21);
    const age = (await screen.findByRole('checkbox', { name: 'I confirm I am 21 or older' })) as HTMLInputElement;
    const news = screen.getByRole('checkbox', { name: 'E-mail me news and offers' }) as HTMLInputElement;
    expect(age.checked).toBe(false);
    expect(news.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(age.getAttribute('aria-invalid')).toBe('true'));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ email: 'dana@example.com' }), {
      ageConfirmed: false,
      marketingConsent: false,
      reorderReminder: false,
    });
    expect(document.getElementById(String(age.getAttribute('aria-describedby')))?.textContent).toContain(
      'Please confirm you are 21 or older',
    );
    fireEvent.click(age);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave).toHaveBeenLastCalledWith(expect.anything(), {
      ageConfirmed: true,
      marketingConsent: false,
      reorderReminder: false,
    });
  });

  it('shows no age box when the store asks none, and sends the consent only when ticked', async () => {
    const onSave = vi.fn(async () => {});
    renderForm(FILLED, onSave, null);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'E-mail me news and offers' }));
    expect(screen.queryByRole('checkbox', { name: /I confirm I am/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(expect.anything(), {
      ageConfirmed: false,
      marketingConsent: true,
      reorderReminder: false,
    });
  });

  it('offers the reorder reminder unticked, labelled with its wording, and sends it only when ticked', async () => {
    const onSave = vi.fn(async () => {});
    renderForm(FILLED, onSave, null);
    const remind = (await screen.findByRole('checkbox', { name: 'Remind me when I may be running low' })) as HTMLInputElement;
    expect(remind.checked).toBe(false);
    fireEvent.click(remind);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(expect.anything(), {
      ageConfirmed: false,
      marketingConsent: false,
      reorderReminder: true,
    });
  });
});

describe('the checkout’s step 1 with a subscription (docs/decisions/0052)', () => {
  const SUBSCRIPTION = {
    intervalWeeks: 4,
    discountPercent: 10,
    amount: '17.09',
    terms: '$17.09 (10 % off) plus shipping and tax, charged automatically every 4 weeks until you cancel.',
    consentLabel: 'I agree to these subscription terms and to the automatic renewal charges.',
    consented: false,
  };

  it('shows the terms with an unticked box, and sends whether it was ticked', async () => {
    const onSave = vi.fn(async () => {});
    render(
      <PublicConfigProvider value={configWith(null)}>
        <ShippingForm initial={FILLED} onSave={onSave} subscription={SUBSCRIPTION} />
      </PublicConfigProvider>,
    );
    const box = (await screen.findByRole('checkbox', { name: SUBSCRIPTION.consentLabel })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByTestId('subscription-terms').textContent).toContain(SUBSCRIPTION.terms);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenLastCalledWith(expect.anything(), {
      ageConfirmed: false,
      marketingConsent: false,
      reorderReminder: false,
      subscriptionConsent: false,
    });
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ subscriptionConsent: true }));
  });
});

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
