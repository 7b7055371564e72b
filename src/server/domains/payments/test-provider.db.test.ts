import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newSessionId, type TestApp } from '#tests/support/app.ts';

/** The built-in provider's payments, through the payments service on a real database (PGlite in memory). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the test provider', () => {
  it('reports the kind card once its card form paid, and none before or after a declined card', async () => {
    const { cart, checkout, payments } = t.app.services;
    const sessionId = newSessionId();
    await cart.addItem({ sessionId, productId: 5, quantity: 1 });
    const { checkoutUrl } = await checkout.startCheckout(sessionId, { holder: '198.51.100.7' });
    const clientSecret = decodeURIComponent(checkoutUrl.split('payment_intent=')[1] ?? '');
    const id = clientSecret.split('_secret_')[0] ?? '';
    expect(await payments.retrieve(id)).toMatchObject({ status: 'requires_payment_method', methodKind: null });

    const confirm = payments.confirmTest;
    if (!confirm) throw new Error('the test provider has a card form');
    expect(await confirm(clientSecret, '4000 0000 0000 0002')).toMatchObject({ status: 'requires_payment_method' });
    expect(await payments.retrieve(id)).toMatchObject({ status: 'requires_payment_method', methodKind: null });

    expect(await confirm(clientSecret, '4242 4242 4242 4242')).toMatchObject({ status: 'succeeded' });
    expect(await payments.retrieve(id)).toMatchObject({ status: 'succeeded', methodKind: 'card' });
  });
});
