import type { Page } from '@playwright/test';

/** A checkout page's text box, by its visible label. */
export const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

const SHIPPING = {
  Email: 'dana@example.com',
  'First Name': 'Dana',
  'Last Name': 'Lee',
  Address: '12 Iron Way',
  City: 'Columbus',
  State: 'OH',
  'ZIP Code': '43004',
};

/** Step 1 of the checkout, as a shopper fills it in (any field given replaces the default), and on to payment. */
export async function fillShipping(page: Page, fields: Partial<typeof SHIPPING> = {}): Promise<void> {
  for (const [label, value] of Object.entries({ ...SHIPPING, ...fields })) await textbox(page, label).fill(value);
  await page.getByRole('checkbox', { name: /^I confirm I am \d+ or older$/ }).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
}

/** Step 2 with the built-in provider's test card form; `cardNumber` defaults to the card that succeeds. */
export async function fillTestCard(page: Page, cardNumber = '4242 4242 4242 4242'): Promise<void> {
  await textbox(page, 'Card number').fill(cardNumber);
  await textbox(page, 'Expiry (MM/YY)').fill('12/39');
  await textbox(page, 'CVC').fill('123');
}
