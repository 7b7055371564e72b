import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { checkOrigin } from './browser.ts';

const post = (origin: string | undefined, host = 'evil.test') =>
  ({ method: 'POST', headers: { origin, host }, host, protocol: 'http' }) as unknown as FastifyRequest;
const accepts = (publicUrl: string, origin: string | undefined) => {
  try {
    checkOrigin(loadConfig({ PUBLIC_URL: publicUrl, ALLOW_TEST_PAYMENTS: 'true' }), post(origin));
    return true;
  } catch {
    return false;
  }
};

describe('the admin Origin check', () => {
  it('accepts PUBLIC_URL’s origin only, whatever host the request names', () => {
    expect(accepts('https://shop.example.com', 'https://shop.example.com')).toBe(true);
    expect(accepts('https://shop.example.com', 'http://evil.test')).toBe(false);
    expect(accepts('https://shop.example.com', 'http://shop.example.com')).toBe(false);
    expect(accepts('https://shop.example.com', 'https://shop.example.com:8443')).toBe(false);
    expect(accepts('https://shop.example.com', 'null')).toBe(false);
    expect(accepts('https://shop.example.com', undefined)).toBe(false);
    expect(accepts('http://store.test', 'http://localhost')).toBe(false);
  });

  it('on a loopback PUBLIC_URL, takes the other loopback names on the same scheme and port', () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect(accepts('http://localhost:3000', origin), origin).toBe(true);
      expect(accepts('http://127.0.0.1:3000', origin), origin).toBe(true);
    }
    for (const origin of ['http://127.0.0.1:3001', 'https://localhost:3000', 'http://localhost', 'http://127.0.0.2:3000']) {
      expect(accepts('http://localhost:3000', origin), origin).toBe(false);
    }
    expect(accepts('http://localhost', 'http://127.0.0.1')).toBe(true);
  });

  it('lets reading through from anywhere', () => {
    const get = { method: 'GET', headers: { origin: 'http://evil.test' } } as unknown as FastifyRequest;
    expect(() =>
      checkOrigin(loadConfig({ ALLOW_TEST_PAYMENTS: 'true', PUBLIC_URL: 'https://shop.example.com' }), get),
    ).not.toThrow();
  });
});
