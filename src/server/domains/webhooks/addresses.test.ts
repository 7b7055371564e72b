import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { checkEndpointUrl, isPrivateAddress, type Resolve } from './addresses.ts';
import { nextAttempt, RETRY_WINDOW_MS } from './sender.ts';
import { newSecret, seal, signedHeaders, unseal } from './signing.ts';

const resolveTo =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('the addresses a webhook may not reach', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'fd12:3456::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '93.184.216.34', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it('refuses a host name when any one of its addresses is private, and one that does not resolve', async () => {
    await expect(
      checkEndpointUrl('https://hooks.example.test/in', false, resolveTo('93.184.216.34', '10.0.0.7')),
    ).rejects.toThrow(/private, loopback or link-local address \(10\.0\.0\.7\)/);
    const none: Resolve = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(checkEndpointUrl('https://nowhere.example.test/', false, none)).rejects.toThrow(/could not be found/);
    await expect(checkEndpointUrl('https://hooks.example.test/in?k=1', false, resolveTo('93.184.216.34'))).resolves.toBe(
      'https://hooks.example.test/in?k=1',
    );
  });

  it('takes https only, without credentials, unless private addresses are allowed', async () => {
    const pub = resolveTo('93.184.216.34');
    await expect(checkEndpointUrl('http://hooks.example.test/', false, pub)).rejects.toThrow(/must start with https/);
    await expect(checkEndpointUrl('ftp://hooks.example.test/', true, pub)).rejects.toThrow(/must start with https/);
    await expect(checkEndpointUrl('https://user:pw@hooks.example.test/', false, pub)).rejects.toThrow(/user name or password/);
    await expect(checkEndpointUrl('not a url', false, pub)).rejects.toThrow(/not valid/);
    await expect(checkEndpointUrl('http://127.0.0.1:9/x', true, pub)).resolves.toBe('http://127.0.0.1:9/x');
  });
});

describe('signing', () => {
  it('signs as the Standard Webhooks library verifies, and keeps the secret sealed at rest', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const body = JSON.stringify({ type: 'order.paid', timestamp: new Date().toISOString(), data: { order: { id: 1001 } } });
    const headers = signedHeaders(secret, 'msg_abc', body);
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'order.paid' });
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    const key = Buffer.alloc(32, 7);
    const sealed = seal(key, secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(unseal(key, sealed)).toBe(secret);
    expect(() => unseal(Buffer.alloc(32, 8), sealed)).toThrow();
  });
});

describe('the retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, and gives up a day after the event', () => {
    const start = new Date('2026-11-27T00:00:00Z');
    let now = start;
    const waits: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const next = nextAttempt(attempts, start, now);
      if (!next) break;
      waits.push(next.getTime() - now.getTime());
      now = next;
    }
    expect(waits.slice(0, 6)).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000]);
    expect(now.getTime() - start.getTime()).toBe(RETRY_WINDOW_MS);
  });
});
