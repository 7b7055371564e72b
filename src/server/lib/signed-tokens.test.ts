import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenSigner, orderIdClaim, purposeToken } from './signed-tokens.ts';

const signer = createTokenSigner(randomBytes(32));

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The same base64url part with its last character's unused low bits set otherwise: the same bytes, spelled apart. */
function otherSpellings(part: string): string[] {
  const unusedBits = { 2: 4, 3: 2 }[part.length % 4] ?? 0;
  const last = BASE64URL.indexOf(part.slice(-1));
  const high = last & ~((1 << unusedBits) - 1);
  return Array.from({ length: 1 << unusedBits }, (_, low) => BASE64URL[high | low])
    .filter((c) => c !== part.slice(-1))
    .map((c) => part.slice(0, -1) + c);
}

describe('signed tokens', () => {
  it('give back their claims until they expire', () => {
    const token = signer.sign({ purpose: 'review', email: 'a@b.co', productId: 5 }, 60_000, 1_000_000);
    expect(signer.verify(token, 1_000_000)).toEqual({ purpose: 'review', email: 'a@b.co', productId: 5, exp: 1060 });
    expect(signer.verify(token, 1_059_999)).not.toBeNull();
    expect(signer.verify(token, 1_060_000)).toBeNull();
  });

  it('refuse another secret, a changed payload or signature, and malformed strings', () => {
    const token = signer.sign({ productId: 5 }, 60_000);
    const [payload, signature] = token.split('.') as [string, string];
    const changed = Buffer.from(JSON.stringify({ productId: 6, exp: 9_999_999_999 })).toString('base64url');
    expect(createTokenSigner(randomBytes(32)).verify(token)).toBeNull();
    expect(signer.verify(`${changed}.${signature}`)).toBeNull();
    expect(signer.verify(`${payload}.${signature.slice(0, -2)}`)).toBeNull();
    expect(signer.verify(`${payload}.${signature}.x`)).toBeNull();
    for (const bad of ['', '.', 'abc', `${payload}.`, `.${signature}`, 'x'.repeat(5000)]) expect(signer.verify(bad)).toBeNull();
  });

  it('have one spelling: a part written another way that decodes to the same bytes is refused', () => {
    const token = signer.sign({ productId: 5 }, 60_000);
    const [payload, signature] = token.split('.') as [string, string];
    expect(signer.verify(token)).not.toBeNull();
    const spellings = otherSpellings(signature);
    // 32 bytes are 43 characters, the last carrying 2 bits that decoding drops: 3 other spellings.
    expect(spellings).toHaveLength(3);
    for (const other of spellings) {
      expect(Buffer.from(other, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
      expect(signer.verify(`${payload}.${other}`)).toBeNull();
    }
    for (const other of otherSpellings(payload)) expect(signer.verify(`${other}.${signature}`)).toBeNull();
    // Padding, standard base64's letters and characters the decoder skips give the same bytes too.
    const standard = signature.replaceAll('-', '+').replaceAll('_', '/');
    for (const other of [`${signature}=`, standard, `${signature.slice(0, 8)}*${signature.slice(8)}`, `${signature} `]) {
      if (other !== signature) expect(signer.verify(`${payload}.${other}`), other).toBeNull();
    }
  });

  it('of one purpose open only a token made for that purpose, naming an order only by a positive whole number', () => {
    const order = purposeToken(signer, 'order', 60_000);
    const restore = purposeToken(signer, 'restore', 60_000);
    const token = order.sign({ orderId: 1001 });
    expect(order.claimsOf(token)).toMatchObject({ purpose: 'order', orderId: 1001 });
    expect(orderIdClaim(order.claimsOf(token))).toBe(1001);
    expect(restore.claimsOf(token)).toBeNull();
    // The purpose is the signer's to set: claims cannot name another.
    expect(restore.claimsOf(order.sign({ purpose: 'restore', orderId: 1001 }))).toBeNull();
    expect(purposeToken(signer, 'order', -1000).claimsOf(purposeToken(signer, 'order', -1000).sign({ orderId: 1 }))).toBeNull();
    for (const orderId of [0, -1, 1.5, '1001', 2 ** 53, null])
      expect(orderIdClaim(order.claimsOf(order.sign({ orderId })))).toBeNull();
  });
});
