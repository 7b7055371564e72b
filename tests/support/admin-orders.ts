import type { AdminOrder } from '#shared/admin.ts';

/** An order as the dashboard's orders list gives it: #1042, one Single Bottle paid by card, live; `changes` change any. */
export function adminOrder(changes: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 1042,
    stripePaymentIntentId: 'pi_test_00001042',
    status: 'paid',
    firstName: 'Dana',
    lastName: 'Lee',
    email: 'dana.lee@example.com',
    phone: null,
    shippingAddress: '1 Main St',
    shippingCity: 'Austin',
    shippingState: 'TX',
    shippingZip: '78701',
    shippingCountry: 'US',
    discount: null,
    shippingCharged: '3.91',
    tax: '0.00',
    paymentMethodKind: 'card',
    total: '22.90',
    refundedTotal: '0.00',
    createdAt: '2026-01-02T00:00:00.000Z',
    paidAt: '2026-01-02T00:01:00.000Z',
    cancelledAt: null,
    paymentMode: 'live',
    renewalOf: null,
    items: [{ productId: 5, name: 'Single Bottle', quantity: 1, unitPrice: '18.99' }],
    paymentIssue: null,
    trackingNumber: null,
    shippingCarrier: null,
    shippingService: null,
    shippingCost: null,
    labelUrl: null,
    trackingUrl: null,
    ...changes,
  };
}
