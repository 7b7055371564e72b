import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/app.ts';
import { AppError } from '../../errors.ts';
import { admitFromAddress, admitFromDevice, DEVICE_ATTEMPTS } from './sign-in-limits.ts';

/**
 * The sign-in limits' rules (docs/decisions/0017) on a real database, without the HTTP round trip:
 * who gets a password checked, and what a right password gives back.
 */
let t: TestApp;
let db: TestApp['app']['database']['db'];
beforeAll(async () => {
  t = await createTestApp();
  db = t.app.database.db;
});
afterAll(() => t?.close());

const LIMIT = 3;
let n = 0;
/** A username and addresses no other test counts against. */
const fresh = () => {
  n++;
  return { user: `owner${n}`, ip: (i: number) => `203.0.${n}.${i}` };
};

async function refused(work: Promise<unknown>): Promise<string | undefined> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (err === undefined) return undefined;
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(429);
  return (err as AppError).message;
}

describe('attempts from an address', () => {
  it('lets an address try its limit a window, then refuses it with the time to wait', async () => {
    const { user, ip } = fresh();
    for (let i = 0; i < LIMIT; i++) expect(await refused(admitFromAddress(db, LIMIT, user, ip(1)))).toBeUndefined();
    expect(await refused(admitFromAddress(db, LIMIT, user, ip(1)))).toMatch(/^Too many sign-in attempts\. Please try again in /);
  });

  it('a right password starts its address over', async () => {
    const { user, ip } = fresh();
    for (let i = 0; i < LIMIT - 1; i++) await admitFromAddress(db, LIMIT, user, ip(1));
    await (await admitFromAddress(db, LIMIT, user, ip(1))).succeeded();
    // The address has used its limit, and has its whole limit again (another username, whose own count is clean).
    for (let i = 0; i < LIMIT; i++) expect(await refused(admitFromAddress(db, LIMIT, `${user}-next`, ip(1)))).toBeUndefined();
    expect(await refused(admitFromAddress(db, LIMIT, `${user}-next`, ip(1)))).toMatch(/^Too many sign-in attempts/);
  });
});

describe('a username guessed from many addresses', () => {
  it('is guarded past the limit: each address gets its first attempt only, so the owner is never locked out', async () => {
    const { user, ip } = fresh();
    for (let i = 1; i <= LIMIT; i++) await admitFromAddress(db, LIMIT, user, ip(i));
    // Past the username's limit: a new address's first attempt is still checked, its second is not.
    expect(await refused(admitFromAddress(db, LIMIT, user, ip(100)))).toBeUndefined();
    expect(await refused(admitFromAddress(db, LIMIT, user, ip(100)))).toMatch(/^Too many failed sign-ins for this account\./);
    // Another username from the same address is not affected.
    expect(await refused(admitFromAddress(db, LIMIT, `${user}-other`, ip(100)))).toBeUndefined();
  });

  it('a right password gives back its own attempt only: the wrong guesses stay counted', async () => {
    const { user, ip } = fresh();
    for (let i = 1; i <= LIMIT; i++) await admitFromAddress(db, LIMIT, user, ip(i));
    await (await admitFromAddress(db, LIMIT, user, ip(50))).succeeded();
    await admitFromAddress(db, LIMIT, user, ip(51));
    expect(await refused(admitFromAddress(db, LIMIT, user, ip(51)))).toMatch(/^Too many failed sign-ins/);
  });

  it('counts usernames without regard to case', async () => {
    const { user, ip } = fresh();
    for (let i = 1; i <= LIMIT; i++) await admitFromAddress(db, LIMIT, i % 2 ? user.toUpperCase() : user, ip(i));
    await admitFromAddress(db, LIMIT, user, ip(9));
    expect(await refused(admitFromAddress(db, LIMIT, user.toUpperCase(), ip(9)))).toMatch(/^Too many failed sign-ins/);
  });
});

describe('a trusted device', () => {
  it(`has ${DEVICE_ATTEMPTS} attempts a window of its own, then is trusted no more`, async () => {
    const token = `device-${fresh().user}`;
    for (let i = 0; i < DEVICE_ATTEMPTS; i++) expect(await admitFromDevice(db, token)).not.toBeNull();
    expect(await admitFromDevice(db, token)).toBeNull();
  });

  it('a right password from it starts its count over', async () => {
    const token = `device-${fresh().user}`;
    for (let i = 0; i < DEVICE_ATTEMPTS - 1; i++) await admitFromDevice(db, token);
    await (await admitFromDevice(db, token))?.succeeded();
    for (let i = 0; i < DEVICE_ATTEMPTS; i++) expect(await admitFromDevice(db, token)).not.toBeNull();
  });
});
