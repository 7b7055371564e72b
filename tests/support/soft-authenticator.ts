import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/*
 * A software WebAuthn authenticator for API tests (W3C WebAuthn Level 3 §6.1 authenticator data,
 * §6.5.4 "none" attestation, §6.3.3 assertion signature): one ES256 key, a resident credential.
 * The browser tests use Chromium's virtual authenticator instead.
 */

type Cbor = number | string | Buffer | Cbor[] | Map<number | string, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}

/** CBOR (RFC 8949) of the few kinds a credential needs. */
export function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') return Buffer.concat([head(3, Buffer.byteLength(v)), Buffer.from(v)]);
  if (Buffer.isBuffer(v)) return Buffer.concat([head(2, v.length), v]);
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(cbor)]);
  return Buffer.concat([head(5, v.size), ...[...v].flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

const b64url = (b: Buffer) => b.toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

export interface SoftAuthenticatorOptions {
  /** User verification: the UV flag (a PIN or biometric checked). */
  verified?: boolean;
  /** The counter the next assertion reports; null: none kept (always 0). */
  counter?: number | null;
}

export function softAuthenticator(origin: string, opts: SoftAuthenticatorOptions = {}) {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = opts.counter === undefined ? 1 : opts.counter;
  const flags = () => 0x01 | (opts.verified === false ? 0 : 0x04);
  const cose = cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    id: b64url(credentialId),

    /** navigator.credentials.create()'s answer to `options`, as JSON. */
    create(options: { challenge: string }) {
      const count = Buffer.alloc(4);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags() | 0x40]),
        count,
        Buffer.alloc(16),
        Buffer.from([0, credentialId.length]),
        credentialId,
        cose,
      ]);
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },

    /** navigator.credentials.get()'s answer to `options`, as JSON. */
    get(options: { challenge: string }) {
      const count = Buffer.alloc(4);
      if (counter !== null) count.writeUInt32BE(++counter);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([flags()]), count]);
      const data = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: undefined,
        },
      };
    },
  };
}
