import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchStep, newSecret, otpauthUrl, stepAt, totpAt } from './totp.ts';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890", eight digits.
const SEED = base32Encode(Buffer.from('12345678901234567890'));
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s gives the RFC 6238 Appendix B code %s', (seconds, code) => {
    expect(totpAt(SEED, stepAt(seconds * 1000), 8)).toBe(code);
  });

  it('gives the RFC 4226 Appendix D HOTP values', () => {
    const key = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 9].map((c) => hotp(key, c))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('round-trips base32 (RFC 4648 §10 vectors)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(newSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('accepts one step either side, not two, and never a step already used', () => {
    const secret = newSecret();
    const now = 1_800_000_000_000;
    const step = stepAt(now);
    expect(matchStep(secret, totpAt(secret, step), now, null)).toBe(step);
    expect(matchStep(secret, totpAt(secret, step - 1), now, null)).toBe(step - 1);
    expect(matchStep(secret, totpAt(secret, step + 1), now, null)).toBe(step + 1);
    expect(matchStep(secret, totpAt(secret, step + 2), now, null)).toBeNull();
    expect(matchStep(secret, totpAt(secret, step), now, step)).toBeNull();
    expect(matchStep(secret, totpAt(secret, step - 1), now, step - 1)).toBeNull();
    expect(matchStep(secret, '12345', now, null)).toBeNull();
    expect(matchStep(secret, '１２３４５６', now, null)).toBeNull();
  });

  it('writes the otpauth URL authenticator apps read', () => {
    expect(otpauthUrl('Iron Wake', 'owner@x', 'ABC')).toBe(
      'otpauth://totp/Iron%20Wake:owner%40x?secret=ABC&issuer=Iron%20Wake&algorithm=SHA1&digits=6&period=30',
    );
  });
});
