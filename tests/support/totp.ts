import { createHmac } from 'node:crypto';

/*
 * RFC 6238 written again for the tests, apart from the store's (src/server/domains/admin-auth/totp.ts),
 * so a mistake shared by both cannot pass: HMAC-SHA-1 over the 30-second step, RFC 4226 truncation.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function fromBase32(text: string): Buffer {
  let bits = '';
  for (const ch of text.replace(/=+$/, '').toUpperCase()) bits += ALPHABET.indexOf(ch).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The code of `secret` (base32) at `ms`, `offset` steps away. */
export function totpCode(secret: string, ms = Date.now(), offset = 0, digits = 6, key = fromBase32(secret)): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000) + offset));
  const mac = createHmac('sha1', key).update(counter).digest();
  const at = (mac.at(-1) ?? 0) & 15;
  const value =
    ((mac[at] ?? 0) & 0x7f) * 2 ** 24 + (mac[at + 1] ?? 0) * 2 ** 16 + (mac[at + 2] ?? 0) * 2 ** 8 + (mac[at + 3] ?? 0);
  return String(value % 10 ** digits).padStart(digits, '0');
}
