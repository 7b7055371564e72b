/** How a payment method kind recorded on an order ('card', 'apple_pay', 'link', …) reads to people. */
const LABELS: Record<string, string> = {
  card: 'Card',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  link: 'Link',
  samsung_pay: 'Samsung Pay',
  amex_express_checkout: 'Amex Express Checkout',
  masterpass: 'Masterpass',
  visa_checkout: 'Visa Checkout',
};

export function paymentMethodLabel(kind: string): string {
  return LABELS[kind] ?? kind.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
