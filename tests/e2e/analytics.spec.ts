import { expect, test } from './support/test.ts';

// A visitor's ordinary browser: headless user agents are dropped as bots by the collector.
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0 Safari/537.36' });

test('visits are counted first-party, and the owner sees them in the analytics tab with charts', async ({ page }) => {
  const collected: { type: string; path: string; utm?: { source?: string } }[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/analytics/collect')) collected.push(JSON.parse(r.postData() ?? '{}'));
  });
  const source = `e2e-${Date.now()}`;
  await page.goto(`/?utm_source=${source}`);
  await expect.poll(() => collected.filter((c) => c.type === 'pageview').length, { timeout: 10_000 }).toBe(1);
  expect(collected[0]).toMatchObject({ type: 'pageview', path: '/', utm: { source } });
  // No cookie is set for it.
  expect(await page.context().cookies()).toEqual([]);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Smelling Salts for Focus' }).click();
  await expect(page).toHaveURL(/\/smelling-salts-for-focus$/);
  await expect
    .poll(() => collected.filter((c) => c.type === 'pageview').map((c) => c.path))
    .toEqual(['/', '/smelling-salts-for-focus']);

  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('owner');
  await page.getByLabel('Password').fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  // The search box and filter are hidden on this tab.
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  const sources = page.getByRole('region', { name: 'Traffic Sources' });
  await expect(sources).toContainText(source);
  await expect(page.getByRole('region', { name: 'Top Pages' })).toContainText('/smelling-salts-for-focus');
  await expect(
    page.getByRole('region', { name: 'Daily Activity' }).locator('svg.recharts-surface[role="application"]'),
  ).toBeVisible();
  await expect(page.getByText(/first-party and cookie-less/)).toBeVisible();
  // The owner's own pages are never counted.
  expect(collected.filter((c) => c.path.startsWith('/admin'))).toEqual([]);
});
