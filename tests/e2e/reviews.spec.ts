import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

/** The whole review journey (issue "Reviews"): buy, verify, review, approve, published. */

async function buyThreePack(page: Page, email: string) {
  await page.goto('/product/6');
  await page.getByRole('button', { name: 'Add 3-Pack Bundle to Cart' }).click();
  await page.getByRole('button', { name: /Open cart, 1 item/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  const box = (name: string) => page.getByRole('textbox', { name, exact: true });
  await box('Email').fill(email);
  await box('First Name').fill('Jo');
  await box('Last Name').fill('Park');
  await box('Address').fill('3 Chalk Lane');
  await box('City').fill('Boise');
  await box('State').fill('ID');
  await box('ZIP Code').fill('83702');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await box('Card number').fill('4242 4242 4242 4242');
  await box('Expiry (MM/YY)').fill('12/39');
  await box('CVC').fill('123');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 10_000 });
}

test('a buyer reviews what they bought; the owner approves it; it shows on the product page', async ({ page }) => {
  test.setTimeout(60_000);
  const email = `jo.${Date.now()}@example.com`;
  const title = `Wakes me up ${Date.now()}`;
  await buyThreePack(page, email);

  await page.goto('/product/6');
  const reviews = page.getByRole('region', { name: 'Customer Reviews' });
  await reviews.getByRole('button', { name: 'Write a Review' }).click();
  await expect(reviews.getByRole('button', { name: 'Cancel Review' })).toBeVisible();
  const form = reviews.getByRole('form');
  await expect(form.getByRole('button', { name: 'Submit Review' })).toBeDisabled();

  // Someone who did not buy is told so, inline.
  await form.getByLabel('Order e-mail').fill('not-a-buyer@example.com');
  await form.getByRole('button', { name: 'Verify Purchase' }).click();
  await expect(page.getByText('Purchase Required', { exact: true })).toBeVisible();
  await expect(form.getByRole('alert')).toHaveText(
    'No purchase found with this email. Only customers who have purchased this product can leave reviews.',
  );

  await form.getByLabel('Order e-mail').fill(email.toUpperCase());
  await form.getByRole('button', { name: 'Verify Purchase' }).click();
  await expect(form.getByRole('button', { name: 'Verified' })).toBeVisible();
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible();
  await form.locator('label').filter({ hasText: '4 stars' }).click();
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await form.getByLabel('Name').fill('Jo P.');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Review').fill('<b>Strong</b> and clean. Keep it at arm’s length.');
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Review Submitted!', { exact: true })).toBeVisible();
  await expect(reviews.getByRole('button', { name: 'Write a Review' })).toBeVisible();
  // Not published before approval.
  await expect(reviews.getByText(title)).toHaveCount(0);

  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('owner');
  await page.getByLabel('Password').fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await page.getByLabel('Filter reviews').selectOption('pending');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('PENDING')).toBeVisible();
  await card.getByRole('button', { name: 'Approve Review' }).click();
  await expect(page.getByText('Review Approved', { exact: true })).toBeVisible();

  await page.goto('/product/6');
  const published = page.getByRole('region', { name: 'Customer Reviews' }).getByRole('article').filter({ hasText: title });
  await expect(published).toBeVisible();
  await expect(published).toContainText('Verified Purchase');
  await expect(published.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  // Markup in a review is shown as text.
  await expect(published).toContainText('<b>Strong</b> and clean.');
  await expect(published.locator('b')).toHaveCount(0);
});
