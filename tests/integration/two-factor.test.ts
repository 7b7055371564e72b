import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, sessionCookie, setCookieLine } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { softAuthenticator } from '../support/soft-authenticator.ts';
import { totpCode } from '../support/totp.ts';

/** Second factors (docs/decisions/0056) through the API, with codes computed here by RFC 6238. */
const LIMIT = 10;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN_PER_15_MIN: String(LIMIT) });
});
afterAll(() => t?.close());

const WRONG_CODE = 'That code is not right. Please try again.';
const STEP_ENDED = 'Your sign-in has expired. Please enter your password again.';

let n = 0;
let ip = 0;
const nextIp = () => `203.0.${113 + Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

function as(cookie: string, address = '192.0.2.1'): Call {
  return (method, url, payload, headers = {}) =>
    t.app.inject({
      method,
      url,
      remoteAddress: address,
      headers: { cookie, origin: ORIGIN, ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
}

function passwordStep(owner: { username: string; password: string }, address = nextIp(), cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress: address,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: owner,
  });
}

const stepCookieOf = (res: { headers: Record<string, unknown> }) => setCookieLine(res, 'admin_sign_in_step')?.split(';')[0] ?? '';

function codeStep(stepCookie: string, code: unknown, address = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/login/totp',
    remoteAddress: address,
    headers: { origin: ORIGIN, cookie: stepCookie },
    payload: { code } as Record<string, unknown>,
  });
}

/** A new admin, signed in, with an authenticator app set up and confirmed. */
async function ownerWithApp() {
  const owner = { username: `twofa-${++n}`, password: `right-password-${n}` };
  await t.app.services.adminAuth.setPassword(owner.username, owner.password);
  const res = await passwordStep(owner);
  expect(res.statusCode).toBe(200);
  const call = as(sessionCookie(res));
  const setup = await call('POST', '/api/admin/me/totp');
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
  const confirm = await call('POST', '/api/admin/me/totp/confirm', { code: totpCode(secret) });
  expect(confirm.statusCode).toBe(200);
  const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
  return { owner, call, secret, otpauthUrl, recoveryCodes };
}

describe('the tests’ own RFC 6238', () => {
  it('gives the RFC 6238 Appendix B SHA-1 codes', () => {
    const key = Buffer.from('12345678901234567890');
    const at = (s: number) => totpCode('', s * 1000, 0, 8, key);
    expect([59, 1111111109, 1111111111, 1234567890, 2000000000, 20000000000].map(at)).toEqual([
      '94287082',
      '07081804',
      '14050471',
      '89005924',
      '69279037',
      '65353130',
    ]);
  });
});

describe('setting up an authenticator app', () => {
  it('gives a base32 secret and its otpauth URL once, active only after a right code, with ten recovery codes', async () => {
    const owner = { username: `twofa-${++n}`, password: `right-password-${n}` };
    await t.app.services.adminAuth.setPassword(owner.username, owner.password);
    const call = as(sessionCookie(await passwordStep(owner)));
    const setup = await call('POST', '/api/admin/me/totp');
    const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Ironwake:${owner.username}?secret=${secret}&issuer=Ironwake&algorithm=SHA1&digits=6&period=30`,
    );
    // Not active yet: the password alone still signs in.
    expect((await passwordStep(owner)).json()).toMatchObject({ success: true });
    expect((await call('GET', '/api/admin/me/second-factors')).json()).toMatchObject({ authenticatorApp: false });

    const wrong = await call('POST', '/api/admin/me/totp/confirm', { code: totpCode(secret, Date.now(), 3) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_CODE);
    const confirm = await call('POST', '/api/admin/me/totp/confirm', { code: totpCode(secret) });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/);
    // Confirmed once; the secret is never sent again.
    expect((await call('POST', '/api/admin/me/totp/confirm', { code: totpCode(secret) })).statusCode).toBe(409);
    const again = await call('POST', '/api/admin/me/totp');
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(secret);
    expect((await call('GET', '/api/admin/me/second-factors')).json()).toEqual({
      authenticatorApp: true,
      recoveryCodesLeft: 10,
      passkeys: 0,
      required: false,
    });
    // Nothing the store keeps holds a recovery code as it was shown.
    const stored = await t.app.database.db.execute((await import('drizzle-orm')).sql`select code_hash from admin_recovery_codes`);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]?.replaceAll('-', ''));
  });
});

describe('signing in with a second factor', () => {
  it('answers a right password with twoFactorRequired and only a five-minute HttpOnly SameSite=Strict cookie', async () => {
    const { owner } = await ownerWithApp();
    const res = await passwordStep(owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: true });
    expect(setCookieLine(res, 'admin_session')).toMatch(/^admin_session=;/);
    expect(setCookieLine(res, 'admin_device')).toBeUndefined();
    const line = setCookieLine(res, 'admin_sign_in_step') ?? '';
    expect(line).toMatch(/Max-Age=300/);
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
  });

  it('the half-way cookie opens no admin route, of any family', async () => {
    const { owner } = await ownerWithApp();
    const step = stepCookieOf(await passwordStep(owner));
    const value = step.split('=')[1] ?? '';
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    let tried = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.security?.length) continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        for (const cookie of [step, `admin_session=${value}`]) {
          const res = await as(cookie)(method.toUpperCase() as 'GET', url, method === 'get' ? undefined : {});
          expect(res.statusCode, `${method} ${path}`).toBe(401);
        }
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(40);
  });

  it('a right code gives the session the password gives; the same code, or the same cookie, never again', async () => {
    const { owner, secret } = await ownerWithApp();
    const step = stepCookieOf(await passwordStep(owner));
    const wrong = await codeStep(step, totpCode(secret, Date.now(), 5));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(WRONG_CODE);
    // The confirmation used this step's code: the next step's code signs in.
    const code = totpCode(secret, Date.now(), 1);
    const ok = await codeStep(step, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, username: owner.username, labelProvider: 'builtin' });
    expect(setCookieLine(ok, 'admin_device')).toMatch(/HttpOnly/);
    expect(setCookieLine(ok, 'admin_sign_in_step')).toMatch(/^admin_sign_in_step=;/);
    const me = await as(sessionCookie(ok))('GET', '/api/admin/me');
    expect(me.json()).toMatchObject({ username: owner.username, mustEnrol: false });
    // The activity log names the admin the code signed in, after the accepted password.
    const log = (await as(sessionCookie(ok))('GET', `/api/admin/audit?actor=${owner.username}&limit=10`)).json() as {
      entries: { action: string; summary: string }[];
    };
    expect(log.entries.map((i) => i.action).slice(0, 2)).toEqual(['signIn', 'signInPasswordAccepted']);
    expect(log.entries[0]?.summary).toBe(`${owner.username} signed in`);
    // The cookie was for one sign-in.
    expect((await codeStep(step, totpCode(secret, Date.now(), -1))).json().message).toBe(STEP_ENDED);
    // The code was for one sign-in too (RFC 6238 §5.2), and so is every code of an earlier step.
    const next = stepCookieOf(await passwordStep(owner));
    const replay = await codeStep(next, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(WRONG_CODE);
    expect((await codeStep(next, totpCode(secret))).statusCode).toBe(401);
  });

  it('a recovery code signs in once, however it is typed', async () => {
    const { owner, recoveryCodes, call } = await ownerWithApp();
    const first = recoveryCodes[0] ?? '';
    const ok = await codeStep(stepCookieOf(await passwordStep(owner)), ` ${first.toUpperCase().replaceAll('-', ' ')} `);
    expect(ok.statusCode).toBe(200);
    const again = await codeStep(stepCookieOf(await passwordStep(owner)), first);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(WRONG_CODE);
    expect((await codeStep(stepCookieOf(await passwordStep(owner)), recoveryCodes[1])).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/me/second-factors')).statusCode).toBe(200);
    expect((await as(sessionCookie(ok))('GET', '/api/admin/me/second-factors')).json()).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('refuses a missing, forged or expired second-step cookie with one message', async () => {
    const { owner, secret } = await ownerWithApp();
    const noCookie = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      headers: { origin: ORIGIN },
      payload: { code: totpCode(secret) },
    });
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.json().message).toBe(STEP_ENDED);
    const forged = await codeStep(`admin_sign_in_step=${'A'.repeat(43)}`, totpCode(secret));
    expect(forged.json().message).toBe(STEP_ENDED);
    expect((await codeStep('admin_sign_in_step=../../etc', totpCode(secret))).statusCode).toBe(401);
    const step = stepCookieOf(await passwordStep(owner));
    const { sql } = await import('drizzle-orm');
    await t.app.database.db.execute(sql`update admin_sign_in_steps set expires_at = now() - interval '1 second'`);
    const expired = await codeStep(step, totpCode(secret, Date.now(), 1));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(STEP_ENDED);
    // From another site: refused before anything is looked at.
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      headers: { origin: 'https://evil.test', cookie: step },
      payload: { code: '123456' },
    });
    expect(cross.statusCode).toBe(403);
  });

  it('of one code or one recovery code sent ten times at once, exactly one signs in', async () => {
    const { owner, secret, recoveryCodes } = await ownerWithApp();
    const steps = async () => Promise.all(Array.from({ length: 10 }, async () => stepCookieOf(await passwordStep(owner))));
    const code = totpCode(secret, Date.now(), 1);
    const byCode = await Promise.all((await steps()).map((step) => codeStep(step, code)));
    expect(byCode.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(byCode.filter((r) => r.statusCode === 401)).toHaveLength(9);
    const recovery = recoveryCodes[2] ?? '';
    const byRecovery = await Promise.all((await steps()).map((step) => codeStep(step, recovery)));
    expect(byRecovery.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // One step cookie sent ten times at once with a right code: one session.
    const one = stepCookieOf(await passwordStep(owner));
    const same = await Promise.all(recoveryCodes.slice(3, 10).map((c) => codeStep(one, c)));
    const won = same.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    // The codes sent with a step already taken were not spent.
    const status = await as(sessionCookie(won[0] as never))('GET', '/api/admin/me/second-factors');
    expect(status.json()).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('ends the second step after five wrong codes', async () => {
    const { owner, secret } = await ownerWithApp();
    const step = stepCookieOf(await passwordStep(owner));
    for (let i = 0; i < 5; i++) expect((await codeStep(step, `00000${i}`)).json().message).toBe(WRONG_CODE);
    expect((await codeStep(step, totpCode(secret, Date.now(), 1))).json().message).toBe(STEP_ENDED);
  });

  it('counts codes in the sign-in limits: a right password gives no fresh budget of guesses (429)', async () => {
    const { owner } = await ownerWithApp();
    const address = nextIp();
    let status = 0;
    let attempts = 0;
    while (attempts < 3 * LIMIT && status !== 429) {
      const pw = await passwordStep(owner, address);
      attempts++;
      status = pw.statusCode;
      if (status !== 200) break;
      const step = stepCookieOf(pw);
      for (let i = 0; i < 4 && status !== 429; i++) {
        status = (await codeStep(step, `99999${i}`, address)).statusCode;
        attempts++;
      }
    }
    expect(status).toBe(429);
    expect(attempts).toBe(LIMIT + 1);
  });
});

/** A new admin, signed in, and a passkey of theirs registered. */
async function ownerWithPasskey() {
  const owner = { username: `twofa-${++n}`, password: `right-password-${n}` };
  await t.app.services.adminAuth.setPassword(owner.username, owner.password);
  const call = as(sessionCookie(await passwordStep(owner)));
  const key = softAuthenticator(ORIGIN);
  const options = (await call('POST', '/api/admin/passkeys/options')).json() as {
    challenge: string;
    rp: { id: string };
    authenticatorSelection: { residentKey: string; userVerification: string };
  };
  expect(options.rp.id).toBe('store.test');
  expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
  const added = await call('POST', '/api/admin/passkeys', { response: key.create(options), name: 'Laptop' });
  expect(added.statusCode).toBe(201);
  return { owner, call, key, passkeyId: (added.json() as { id: number }).id };
}

function passkeySignIn(body: unknown, address = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/login/passkey',
    remoteAddress: address,
    headers: { origin: ORIGIN },
    payload: body as string,
  });
}

async function signInOptions(address = nextIp()) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login/passkey/options',
    remoteAddress: address,
    headers: { origin: ORIGIN },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { challenge: string; allowCredentials?: unknown[]; userVerification: string };
}

describe('passkeys', () => {
  it('a passkey alone signs in, as the password sign-in does; its assertion never twice', async () => {
    const { owner, call, key } = await ownerWithPasskey();
    expect((await call('GET', '/api/admin/passkeys')).json()).toMatchObject([{ name: 'Laptop', lastUsedAt: null }]);
    // The password alone no longer opens a session.
    expect((await passwordStep(owner)).json()).toEqual({ twoFactorRequired: true });

    const options = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const assertion = key.get(options);
    const ok = await passkeySignIn({ response: assertion });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, username: owner.username, labelProvider: 'builtin' });
    expect(setCookieLine(ok, 'admin_device')).toMatch(/HttpOnly/);
    const admin = as(sessionCookie(ok));
    expect((await admin('GET', '/api/admin/me')).json()).toMatchObject({ username: owner.username });
    const log = (await admin('GET', `/api/admin/audit?actor=${owner.username}&action=signIn&limit=1`)).json() as {
      entries: { summary: string }[];
    };
    expect(log.entries[0]?.summary).toBe(`${owner.username} signed in`);
    // The same assertion again: its challenge is spent.
    expect((await passkeySignIn({ response: assertion })).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/passkeys')).json()).toMatchObject([{ lastUsedAt: expect.any(String) }]);
  });

  it('refuses a credential made without user verification, for another admin’s challenge, or twice', async () => {
    const { call, key } = await ownerWithPasskey();
    const unverified = softAuthenticator(ORIGIN, { verified: false });
    const options = (await call('POST', '/api/admin/passkeys/options')).json() as { challenge: string };
    const refused = await call('POST', '/api/admin/passkeys', { response: unverified.create(options), name: 'No PIN' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('That passkey could not be added. Please try again.');

    const other = await ownerWithPasskey();
    const theirs = (await other.call('POST', '/api/admin/passkeys/options')).json() as { challenge: string };
    const stolen = await call('POST', '/api/admin/passkeys', {
      response: softAuthenticator(ORIGIN).create(theirs),
      name: 'Theirs',
    });
    expect(stolen.statusCode).toBe(400);

    const again = (await call('POST', '/api/admin/passkeys/options')).json() as { challenge: string };
    const response = key.create(again);
    expect((await call('POST', '/api/admin/passkeys', { response, name: 'Same' })).statusCode).toBe(409);
    // An assertion for another site, or signed by another key, signs nothing in.
    const elsewhere = softAuthenticator('https://evil.test');
    expect((await passkeySignIn({ response: elsewhere.get(await signInOptions()) })).statusCode).toBe(401);
    const forged = { ...key.get(await signInOptions()) };
    forged.response = { ...forged.response, signature: softAuthenticator(ORIGIN).get({ challenge: 'x' }).response.signature };
    expect((await passkeySignIn({ response: forged })).statusCode).toBe(401);
    // Another admin's passkey cannot be removed; one's own can, and then it signs nobody in.
    expect((await call('DELETE', `/api/admin/passkeys/${other.passkeyId}`)).statusCode).toBe(404);
    expect((await other.call('DELETE', `/api/admin/passkeys/${other.passkeyId}`)).statusCode).toBe(200);
    expect((await passkeySignIn({ response: other.key.get(await signInOptions()) })).statusCode).toBe(401);
  });

  it('counts passkey attempts in the address’s sign-in limit (429)', async () => {
    const { key } = await ownerWithPasskey();
    const address = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const bad = key.get({ challenge: `not-a-challenge-${i}` });
      statuses.push((await passkeySignIn({ response: bad }, address)).statusCode);
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
    // Even a right assertion waits out the window from that address.
    expect((await passkeySignIn({ response: key.get(await signInOptions(address)) }, address)).statusCode).toBe(429);
  });
});

describe('bad input', () => {
  it('refuses wrong types, unknown fields and huge bodies on every new endpoint with a 4xx and a message', async () => {
    const { owner, call } = await ownerWithApp();
    const step = stepCookieOf(await passwordStep(owner));
    for (const body of [
      { code: 123456 },
      { code: ['1'] },
      { code: null },
      {},
      { code: '1', extra: 1 },
      { code: 'x'.repeat(65) },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login/totp',
        remoteAddress: nextIp(),
        headers: { origin: ORIGIN, cookie: step },
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      headers: { origin: ORIGIN, cookie: step, 'content-type': 'application/json' },
      payload: JSON.stringify({ code: 'x'.repeat(1_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    const cases: [Parameters<Call>[0], string, unknown][] = [
      ['POST', '/api/admin/me/totp/confirm', { code: 12 }],
      ['POST', '/api/admin/me/totp/confirm', { code: '\u0000' }],
      ['DELETE', '/api/admin/me/totp', { password: 5 }],
      ['DELETE', '/api/admin/me/totp', {}],
      ['POST', '/api/admin/passkeys', { name: 'x' }],
      ['POST', '/api/admin/passkeys', { name: 'x', response: { id: '!!', rawId: 'a', type: 'public-key', response: {} } }],
      ['POST', '/api/admin/passkeys', { name: '\u202e', response: 'x' }],
      ['POST', '/api/admin/login/passkey', { response: { id: 'a' } }],
      ['POST', '/api/admin/login/passkey', { response: [] }],
      ['DELETE', '/api/admin/me/sessions/not-a-uuid', undefined],
      ['DELETE', '/api/admin/passkeys/abc', undefined],
    ];
    for (const [method, url, body] of cases) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const bigPasskey = await call('POST', '/api/admin/passkeys', { name: 'x', response: { id: 'a'.repeat(100_000) } });
    expect(bigPasskey.statusCode).toBe(413);
    // A well-formed assertion of a passkey the store does not know, and one with no challenge behind it.
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/passkey',
      remoteAddress: nextIp(),
      headers: { origin: ORIGIN },
      payload: {
        response: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          clientExtensionResults: {},
          response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
        },
      },
    });
    expect(unknown.statusCode).toBe(401);
    const garbage = await call('POST', '/api/admin/passkeys', {
      name: 'Laptop',
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
      },
    });
    expect(garbage.statusCode).toBe(400);
    expect((await call('DELETE', '/api/admin/passkeys/999999')).statusCode).toBe(404);
  });
});

describe('your sessions', () => {
  it('lists them with the current one marked, ends one, and answers 404 for another admin’s', async () => {
    const owner = { username: `twofa-${++n}`, password: `right-password-${n}` };
    await t.app.services.adminAuth.setPassword(owner.username, owner.password);
    const ua =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: ORIGIN, 'user-agent': ua },
      payload: owner,
    });
    const firstCookie = sessionCookie(first);
    const second = as(sessionCookie(await passwordStep(owner)));
    const list = (await second('GET', '/api/admin/me/sessions')).json() as {
      id: string;
      device: string;
      current: boolean;
    }[];
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const other = list.find((s) => !s.current);
    expect(other?.device).toBe('Chrome on macOS');
    // The id is neither the token nor its hash.
    expect(firstCookie).not.toContain(other?.id ?? '?');

    const stranger = await ownerWithApp();
    expect((await stranger.call('DELETE', `/api/admin/me/sessions/${other?.id}`)).statusCode).toBe(404);
    expect((await as(firstCookie)('GET', '/api/admin/me')).statusCode).toBe(200);

    expect((await second('DELETE', `/api/admin/me/sessions/${other?.id}`)).statusCode).toBe(200);
    expect((await as(firstCookie)('GET', '/api/admin/me')).statusCode).toBe(401);
    expect((await second('GET', '/api/admin/me/sessions')).json()).toHaveLength(1);
  });

  it('setting up or removing an authenticator app ends the admin’s other sessions', async () => {
    const owner = { username: `twofa-${++n}`, password: `right-password-${n}` };
    await t.app.services.adminAuth.setPassword(owner.username, owner.password);
    const other = as(sessionCookie(await passwordStep(owner)));
    const call = as(sessionCookie(await passwordStep(owner)));
    const { secret } = (await call('POST', '/api/admin/me/totp')).json() as { secret: string };
    expect((await other('GET', '/api/admin/me')).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/me/totp/confirm', { code: totpCode(secret) })).statusCode).toBe(200);
    expect((await other('GET', '/api/admin/me')).statusCode).toBe(401);

    const later = as(sessionCookie(await codeStep(stepCookieOf(await passwordStep(owner)), totpCode(secret, Date.now(), 1))));
    const wrong = await call('DELETE', '/api/admin/me/totp', { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That password is not right.');
    expect((await call('DELETE', '/api/admin/me/totp', { password: owner.password })).statusCode).toBe(200);
    expect((await later('GET', '/api/admin/me')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/me')).statusCode).toBe(200);
    // Without a factor, the password alone signs in again.
    expect((await passwordStep(owner)).json()).toMatchObject({ success: true });
  });
});

describe('the owner’s "require a second factor" setting', () => {
  it('lets an admin without one reach only enrolment until they have one, and never removes the last', async () => {
    const owner = { username: `twofa-${++n}`, password: `right-password-${n}` };
    await t.app.services.adminAuth.setPassword(owner.username, owner.password);
    const call = as(sessionCookie(await passwordStep(owner)));
    const settings = (await call('GET', '/api/admin/settings')).json() as Record<string, unknown>;
    const { updatedAt: _u, updatedBy: _b, ...body } = settings;
    const on = await call('PUT', '/api/admin/settings', { ...body, requireSecondFactor: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ requireSecondFactor: true });
    try {
      // Not locked out: the session goes on, for enrolment.
      expect((await call('GET', '/api/admin/me')).json()).toMatchObject({ mustEnrol: true });
      const refused = await call('GET', '/api/orders');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'The store requires a second factor: add a passkey or an authenticator app under Your account before using the dashboard.',
      );
      expect((await call('GET', '/api/admin/settings')).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/me/sessions')).statusCode).toBe(403);
      // A new password sign-in gets the same enrolment-only session.
      const fresh = as(sessionCookie(await passwordStep(owner)));
      expect((await fresh('GET', '/api/admin/products')).statusCode).toBe(403);
      expect((await fresh('GET', '/api/admin/me/second-factors')).json()).toMatchObject({ required: true });

      const { secret } = (await fresh('POST', '/api/admin/me/totp')).json() as { secret: string };
      expect((await fresh('POST', '/api/admin/me/totp/confirm', { code: totpCode(secret) })).statusCode).toBe(200);
      expect((await fresh('GET', '/api/orders')).statusCode).toBe(200);
      expect((await fresh('GET', '/api/admin/me')).json()).toMatchObject({ mustEnrol: false });

      const last = await fresh('DELETE', '/api/admin/me/totp', { password: owner.password });
      expect(last.statusCode).toBe(409);
      expect((await fresh('GET', '/api/admin/me/second-factors')).json()).toMatchObject({ authenticatorApp: true });
    } finally {
      await t.app.services.settings.update({ ...(body as object), requireSecondFactor: false } as never, 'test');
    }
  });
});
