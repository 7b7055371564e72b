import { expect, test } from './support/test.ts';

const GUIDES = [
  '/education',
  '/safety',
  '/about',
  '/smelling-salts-vs-pre-workout',
  '/smelling-salts-for-focus',
  '/homemade-vs-store-bought',
  '/smelling-salts-legal',
  '/smelling-salts-myths-facts',
];

test('every guide and legal page fits the screen: no sideways scrolling, tables included', async ({ page }) => {
  for (const path of [...GUIDES, '/privacy', '/terms', '/legal', '/contact']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('guides open from the footer and link to each other without a page load', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Myths vs Facts' }).click();
  await expect(page).toHaveURL(/\/smelling-salts-myths-facts$/);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page).toHaveTitle(/\| Ironwake Smelling Salts$/);
  await expect(page.getByText('Myth — false')).toHaveCount(3);

  // A link inside the article body: still the same page load.
  await page
    .locator('#article-body')
    .getByRole('link', { name: /safety guide/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/safety$/);
  await expect(page.locator('#article-body')).toContainText(/head injury/i);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  await page.goBack();
  await expect(page).toHaveURL(/\/smelling-salts-myths-facts$/);
  await expect(page.getByText('Myth — false')).toHaveCount(3);
});

test('the contact form checks its fields, then opens a pre-filled e-mail', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByText('Within 24 hours')).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Required', { exact: true })).toHaveCount(4);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await expect(page.getByLabel('Order Number')).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Dana Lee');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('dana@');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('dana@example.com');
  await page.getByLabel('Order Number').fill('pi_3QxY7zLkd2eZvKYl');
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Where is my order?');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('It has been a week & no tracking yet.');
  await expect(page.getByText('Required', { exact: true })).toHaveCount(0);

  let apiCalls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/') && !r.url().includes('/api/analytics/')) apiCalls += 1;
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Email client opened', { exact: true })).toBeVisible();
  const href = await page.getByRole('link', { name: 'Open it again' }).getAttribute('href');
  const mail = new URL(href ?? '');
  expect(mail.protocol).toBe('mailto:');
  expect(mail.pathname).toBe('support@ironwakesalts.com');
  expect(mail.searchParams.get('subject')).toBe('Where is my order? (Order pi_3QxY7zLkd2eZvKYl)');
  expect(mail.searchParams.get('body')).toContain('It has been a week & no tracking yet.');
  expect(mail.searchParams.get('body')).toContain('Email: dana@example.com');
  expect(apiCalls).toBe(0); // the form sends nothing to the server (the analytics beacon aside)
});
