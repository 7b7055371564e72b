import { expect, test } from './support/test.ts';

test('a shopper reports a reaction from the safety page, by keyboard, and is thanked; MedWatch is one link away', async ({
  page,
}) => {
  await page.goto('/safety');
  const section = page.getByRole('region', { name: 'Report a reaction' });
  await expect(section.getByRole('link', { name: 'Report to FDA MedWatch' })).toHaveAttribute(
    'href',
    'https://www.fda.gov/safety/medwatch-fda-safety-information-and-adverse-event-reporting-program',
  );

  const open = section.getByRole('button', { name: 'Tell us what happened' });
  await open.focus();
  await page.keyboard.press('Enter');
  const what = section.getByLabel('What happened');
  await expect(what).toBeFocused();

  await section.getByRole('button', { name: 'Send report' }).click();
  await expect(section.getByText('Required')).toHaveCount(3);
  await expect(what).toBeFocused();

  await what.fill('Coughing for ten minutes after one sniff.');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Single Bottle');
  await section.getByLabel('When it happened').fill('2026-11-20');
  await section.getByLabel(/You may contact me/).check();
  await section.getByLabel('Your e-mail').fill('dana@example.com');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/reactions'));
  await section.getByRole('button', { name: 'Send report' }).click();
  expect((await sent).status()).toBe(202);
  await expect(section.getByRole('status')).toContainText('Your report has gone to the store owner');
});
