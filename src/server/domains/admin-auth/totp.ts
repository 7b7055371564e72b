import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * One-time passwords of authenticator apps (docs/decisions/0056): HOTP (RFC 4226) over 30-second
 * steps counted from the Unix epoch (RFC 6238), HMAC-SHA-1, six digits.
 */

export const STEP_SECONDS = 30;
export const DIGITS = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Base32 of RFC 4648 §6, without padding (what otpauth:// URLs carry). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const index = ALPHABET.indexOf(ch);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 160 bits, the length of an HMAC-SHA-1 key that RFC 4226 §4 recommends. */
export const newSecret = (): string => base32Encode(randomBytes(20));

/** HOTP (RFC 4226 §5.3): dynamic truncation of HMAC-SHA-1(key, counter), `digits` decimal digits. */
export function hotp(key: Uint8Array, counter: number, digits = DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The step of a moment (RFC 6238 §4.2: T = floor((unix time - T0) / X), T0 = 0, X = 30). */
export const stepAt = (ms: number): number => Math.floor(ms / 1000 / STEP_SECONDS);

/** The code of a step for a base32 secret. */
export const totpAt = (secret: string, step: number, digits = DIGITS): string => hotp(base32Decode(secret), step, digits);

/**
 * The step a code belongs to, looking one step either side of now (RFC 6238 §5.2 allows for clock
 * drift and the time it takes to type), or null. Steps at or before `lastStep` are not looked at: a
 * code accepted once is not accepted again (§5.2, "MUST NOT accept the second attempt").
 */
export function matchStep(secret: string, code: string, nowMs: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = stepAt(nowMs);
  const key = base32Decode(secret);
  for (const step of [now - 1, now, now + 1]) {
    if (lastStep !== null && step <= lastStep) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
}

/** `otpauth://totp/<issuer>:<username>?secret=…&issuer=…` (the Key Uri Format authenticator apps read). */
export function otpauthUrl(issuer: string, username: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(username)}`;
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(DIGITS), period: String(STEP_SECONDS) });
  return `otpauth://totp/${label}?${query.toString().replaceAll('+', '%20')}`;
}
