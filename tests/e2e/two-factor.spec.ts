import type { Page } from '@playwright/test';
import { ADMIN } from '../support/admin.ts';
import { totpCode } from '../support/totp.ts';
import { freePort, type StoreServer, startStore } from './support/store-server.ts';
import { expect, test } from './support/test.ts';

/**
 * Second factors in the dashboard (docs/decisions/0056): the owner sets up an authenticator app and
 * signs in with a code computed here (RFC 6238), adds a passkey held by Chromium's virtual
 * authenticator (CDP WebAuthn domain), and signs in with the passkey alone. A store of its own, on
 * `localhost`: a WebAuthn relying party is a domain name, never an IP address.
 */
let store: StoreServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  base = `http://localhost:${port}`;
  store = await startStore({ PUBLIC_URL: base }, port);
});
test.afterAll(async () => {
  await store?.stop();
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function passwordStep(page: Page) {
  await page.goto(`${base}/admin/login`);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signedIn(page: Page) {
  await expect(page.getByRole('heading', { name: 'Order Management Dashboard' })).toBeVisible({ timeout: 10_000 });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
}

test('the owner adds an authenticator app and a passkey, then signs in with a code, and with the passkey alone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await passwordStep(page);
  await shot(page, 'sign-in');
  await signedIn(page);
  await page.getByRole('tab', { name: 'Your account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();

  // The authenticator app: the key as text, the first code, the recovery codes once.
  await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replaceAll(' ', '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, 'account-setup');
  const confirmedStep = Math.floor(Date.now() / 30_000);
  await page.getByLabel('The 6-digit code the app shows').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn On' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await shot(page, 'account-recovery-codes');
  await page.getByRole('button', { name: 'I Have Saved Them' }).click();
  await expect(page.getByText(/^On\. Signing in with your password asks for a code/)).toBeVisible();

  // A passkey, named.
  await page.getByLabel('Name for a new passkey').fill('This laptop');
  await page.getByRole('button', { name: 'Add a Passkey' }).click();
  await expect(page.getByText('Passkey Added', { exact: true })).toBeVisible();
  await expect(page.getByText('This laptop', { exact: true })).toBeVisible();
  await expect(page.getByText('This browser', { exact: true })).toBeVisible();
  await shot(page, 'account');
  // The passkey is a discoverable credential held by the authenticator.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // The password alone now opens nothing: a code is asked.
  await signOut(page);
  await passwordStep(page);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await shot(page, 'sign-in-code');
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right. Please try again.').first()).toBeVisible();
  // The code of a step after the one the setup used (each is accepted once).
  const now = Math.floor(Date.now() / 30_000);
  const step = now > confirmedStep ? now : confirmedStep + 1;
  await page.getByLabel('Code').fill(totpCode(secret, step * 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);

  // The passkey alone.
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await signedIn(page);
  await expect(page.getByText('Signed in as owner')).toBeVisible();
});
