import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults for a fresh laptop', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.stripe).toBeUndefined();
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(Object.isFrozen(c.rateLimits)).toBe(true);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/store',
      PUBLIC_URL: 'https://shop.example.com/',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'a-long-password',
      PRINTER_URL: 'ipp://127.0.0.1:631/printers/labels',
      RATE_LIMIT_LOGIN_PER_15_MIN: '3',
      GA_MEASUREMENT_ID: 'G-TEST',
    });
    expect(c.port).toBe(8080);
    expect(c.publicUrl).toBe('https://shop.example.com');
    expect(c.stripe).toEqual({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
      apiUrl: 'http://127.0.0.1:12111',
      mode: 'test',
    });
    expect(c.admin).toEqual({ username: 'owner', password: 'a-long-password' });
    expect(c.printerUrl).toBe('ipp://127.0.0.1:631/printers/labels');
    expect(c.trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(c.rateLimits.loginPer15Min).toBe(3);
    expect(c.tags.gaMeasurementId).toBe('G-TEST');
  });

  it('sends the owner’s alerts to OWNER_EMAIL, none when it is unset or empty, and refuses what is not an address', () => {
    expect(loadConfig({}).ownerEmail).toBeUndefined();
    expect(loadConfig({ OWNER_EMAIL: '  ' }).ownerEmail).toBeUndefined();
    expect(loadConfig({ OWNER_EMAIL: ' owner@example.com ' }).ownerEmail).toBe('owner@example.com');
    expect(() => loadConfig({ OWNER_EMAIL: 'owner at example.com' })).toThrow(/OWNER_EMAIL: must be an e-mail address/);
  });

  it('serves the API description unless API_DOCS=false', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'no' })).toThrow(/API_DOCS/);
  });

  it('stops with one line per problem', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', STRIPE_SECRET_KEY: 'sk_test_1', SUPPORT_EMAIL: 'nope' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
      expect(problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
      expect(problems.some((p) => p.includes('set all three of STRIPE_SECRET_KEY'))).toBe(true);
      expect(problems.some((p) => p.startsWith('SUPPORT_EMAIL:'))).toBe(true);
    }
  });

  it('times slow clients out by default, and refuses a header timeout longer than the request timeout', () => {
    expect(loadConfig({}).http).toEqual({
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 72_000,
      connectionTimeoutMs: 60_000,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '0' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS: /);
  });

  it('refuses an admin password the sign-in form would refuse', () => {
    for (const password of ['tab\tinside-it', 'x'.repeat(201)]) {
      expect(() => loadConfig({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: password })).toThrow(/ADMIN_PASSWORD: /);
    }
  });

  it('refuses Stripe keys swapped or pasted into the wrong variable', () => {
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'pk_live_1', STRIPE_PUBLISHABLE_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'we_1' });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems;
      expect(problems).toContain('STRIPE_SECRET_KEY: must be a Stripe secret key (sk_… or rk_…)');
      expect(problems).toContain('STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key (pk_…)');
      expect(problems).toContain('STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret (whsec_…)');
    }
  });

  it('refuses to take test payments on a public https store unless told to', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example.com' })).toThrow(
      /PUBLIC_URL is https:\/\/ but no Stripe keys are set.*ALLOW_TEST_PAYMENTS=true/,
    );
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com', ALLOW_TEST_PAYMENTS: 'true' }).stripe).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'http://shop.internal:3000' }).stripe).toBeUndefined();
    const stripe = {
      STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      PUBLIC_URL: 'https://shop.example.com',
    };
    expect(loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'sk_live_1' }).stripe?.mode).toBe('live');
    expect(loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'rk_live_1' }).stripe?.mode).toBe('live');
    expect(loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'sk_test_1' }).stripe?.mode).toBe('test');
  });

  it('adds no sales tax by default, and takes Stripe Tax only with the Stripe keys', () => {
    expect(loadConfig({}).tax).toEqual({ provider: 'none' });
    expect(() => loadConfig({ TAX_PROVIDER: 'stripe' })).toThrow(/TAX_PROVIDER: stripe needs the Stripe keys/);
    expect(() => loadConfig({ TAX_PROVIDER: 'avalara' })).toThrow(/TAX_PROVIDER/);
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadConfig({ ...stripe, TAX_PROVIDER: 'stripe', STRIPE_TAX_CODE: 'txcd_99999999' }).tax).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_1',
      apiUrl: undefined,
      productTaxCode: 'txcd_99999999',
    });
    expect(() => loadConfig({ ...stripe, TAX_PROVIDER: 'stripe', STRIPE_TAX_CODE: 'salts' })).toThrow(
      /STRIPE_TAX_CODE: must be a Stripe tax code/,
    );
  });
});
