import type { OrderItemRow, OrderRow } from '#server/domains/orders/repo.ts';

const PAID_AT = new Date('2026-11-23T15:00:00Z');

/** A paid order as the orders repo returns it, shipped to Columbus, OH (e-mail and view tests). */
export function orderRow(change: Partial<OrderRow> = {}): OrderRow {
  return {
    id: 1042,
    sessionId: 'session-1',
    status: 'paid',
    paymentIntentId: 'pi_test_1042',
    paymentIssue: null,
    currency: 'usd',
    paymentMode: 'test',
    paymentMethodKind: null,
    analyticsSessionId: null,
    subtotalCents: 10797,
    shippingCents: 391,
    shippingRateCents: 391,
    freeShippingOverCents: null,
    discountCode: null,
    discountCents: 0,
    taxCents: 0,
    shippingTaxCents: 0,
    taxCalculationId: null,
    taxBasis: null,
    taxTransactionId: null,
    totalCents: 11188,
    refundedCents: 0,
    refundedTaxCents: 0,
    singleUnits: 0,
    bundleUnits: 0,
    email: 'dana.lee@example.com',
    firstName: 'Dana',
    lastName: 'Lee',
    phone: null,
    shippingAddress: '12 Iron Way',
    shippingCity: 'Columbus',
    shippingState: 'OH',
    shippingZip: '43004',
    shippingCountry: 'US',
    ageConfirmedAt: PAID_AT,
    ageConfirmed: 18,
    marketingConsentAt: null,
    marketingConsentText: null,
    erasedAt: null,
    trackingNumber: null,
    shippingCarrier: null,
    shippingService: null,
    shippingCostCents: null,
    labelUrl: null,
    trackingUrl: null,
    stockReleasedAt: null,
    expiresAt: PAID_AT,
    expiredAt: null,
    paidAt: PAID_AT,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    confirmationEmailSentAt: null,
    shippedEmailSentAt: null,
    deliveredEmailSentAt: null,
    createdAt: PAID_AT,
    updatedAt: PAID_AT,
    ...change,
  };
}

/** The order's lines: two 3-packs and one single bottle (snapshots of name and unit price). */
export function orderItemRows(orderId = 1042): OrderItemRow[] {
  return [
    {
      id: 1,
      orderId,
      productId: 6,
      name: 'Smelling Salts 3-Pack',
      unitPriceCents: 4499,
      quantity: 2,
      discountCents: 0,
      taxCents: 0,
    },
    { id: 2, orderId, productId: 5, name: 'Single Bottle', unitPriceCents: 1799, quantity: 1, discountCents: 0, taxCents: 0 },
  ];
}
