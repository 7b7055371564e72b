import { expect, type Page } from '@playwright/test';
import { ADMIN } from '../../support/admin.ts';

export { ADMIN };

/**
 * The owner signs in as a person does: /admin leads to the sign-in form, which is filled in and
 * sent; the dashboard opens. `base` is another store's address (a spec's own store), else the
 * project's.
 */
export async function signIn(page: Page, base = ''): Promise<void> {
  await page.goto(`${base}/admin`);
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login Successful', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Order Management Dashboard' })).toBeVisible({ timeout: 10_000 });
}
