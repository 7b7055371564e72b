import { signIn } from './support/sign-in.ts';
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

  await page.getByRole('contentinfo').getByRole('link', { name: 'Smelling Salts and Focus' }).click();
  await expect(page).toHaveURL(/\/smelling-salts-for-focus$/);
  await expect
    .poll(() => collected.filter((c) => c.type === 'pageview').map((c) => c.path))
    .toEqual(['/', '/smelling-salts-for-focus']);

  await signIn(page);
  await page.getByRole('tab', { name: 'Analytics' }).click();
  // The search box and filter are hidden on this tab.
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  const sources = page.getByRole('region', { name: 'Traffic Sources' });
  await expect(sources).toContainText(source);
  await expect(page.getByRole('region', { name: 'Top Pages' })).toContainText('/smelling-salts-for-focus');
  const chart = page
    .getByRole('region', { name: 'Daily Activity' })
    .getByRole('img', { name: 'Sessions and revenue per day for the last 30 days' });
  await expect(chart).toBeVisible();
  // Today's sessions are drawn: the bars' path has a bar in it.
  await expect(chart.locator('svg path').first()).toHaveAttribute('d', /^M[\d.]+,[\d.]+V[\d.]+h/);
  await expect(page.getByText(/first-party and cookie-less/)).toBeVisible();
  // The owner's own pages are never counted.
  expect(collected.filter((c) => c.path.startsWith('/admin'))).toEqual([]);
});

test('the owner chooses the period: 7 days, 30 days or 12 months, by mouse or keyboard, kept across a reload', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/analytics') asked.push(url.searchParams.get('range') ?? '');
  });
  await signIn(page);
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const activity = page.getByRole('region', { name: 'Daily Activity' });
  const period = page.getByRole('group', { name: 'Period' });
  await expect(period.getByRole('radio', { name: '30 days' })).toBeChecked();
  await expect(activity.getByRole('img', { name: 'Sessions and revenue per day for the last 30 days' })).toBeVisible();
  await expect(activity.locator('tbody tr')).toHaveCount(30);

  await period.getByRole('radio', { name: '12 months' }).check();
  await expect(activity.getByRole('img', { name: 'Sessions and revenue per day for the last 12 months' })).toBeVisible();
  await expect(activity.getByRole('columnheader', { name: 'Month' })).toBeVisible();
  // A row per month of the 365 days ending today (13 unless the year starts on a month's first day).
  const months = new Set(Array.from({ length: 365 }, (_, i) => new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 7)))
    .size;
  await expect(activity.locator('tbody tr')).toHaveCount(months);
  await expect(page.getByText('Duration, bounce and conversion over the last 12 months.')).toBeVisible();
  expect(asked).toContain('12m');
  await expect(page).toHaveURL(/[?&]range=12m/);
  await page.screenshot({ path: 'test-results/analytics-12-months.png', fullPage: true });

  await page.reload();
  await expect(page.getByRole('group', { name: 'Period' }).getByRole('radio', { name: '12 months' })).toBeChecked();
  await expect(activity.locator('tbody tr')).toHaveCount(months);

  // Arrow keys move between the periods, as between any radio buttons.
  await period.getByRole('radio', { name: '12 months' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(period.getByRole('radio', { name: '30 days' })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(period.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(activity.locator('tbody tr')).toHaveCount(7);
  await expect(activity.getByRole('img', { name: 'Sessions and revenue per day for the last 7 days' })).toBeVisible();
  expect(asked).toContain('7d');
});
