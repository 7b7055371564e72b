import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '#shared/webhooks.ts';
import { systemResolve } from '#server/domains/webhooks/addresses.ts';
import { ADMIN, signedIn } from '../support/admin.ts';
import { paidOrder } from '../support/after-sale.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { count } from '../support/checkout.ts';
import { eventually } from '../support/eventually.ts';
import { webhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Webhooks never reach the store's own network (issue 32, item 4; docs/decisions/0058; OWASP SSRF
 * Prevention Cheat Sheet): with WEBHOOKS_ALLOW_PRIVATE_URLS off, a loopback, private, link-local
 * or metadata address is refused when registered, by its literal or by what its name resolves to,
 * and again at delivery, where a name that resolved to a public address when registered and to
 * loopback now (DNS rebinding) connects nowhere.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let rx: Awaited<ReturnType<typeof webhookReceiver>>;
let rebound = false;

beforeAll(async () => {
  rx = await webhookReceiver();
  t = await createTestApp(
    {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
      RATE_LIMIT_SHIPPING_PER_MINUTE: '100000',
    },
    {
      webhookResolver: async (host) => {
        if (host === 'rebind.example.test') return [{ address: rebound ? '127.0.0.1' : '93.184.216.34', family: 4 }];
        if (host === 'metadata.example.test') return [{ address: '169.254.169.254', family: 4 }];
        if (host === 'mixed.example.test') {
          return [
            { address: '93.184.216.34', family: 4 },
            { address: 'fd00::1', family: 6 },
          ];
        }
        if (host === 'public.example.test') return [{ address: '93.184.216.34', family: 4 }];
        return systemResolve(host);
      },
    },
  );
  admin = await signedIn(t.app);
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

describe('at registration', () => {
  it.each([
    'https://127.0.0.1/hooks',
    'https://127.1.2.3:8443/hooks',
    'https://10.0.0.5/hooks',
    'https://172.20.1.1/hooks',
    'https://192.168.0.10/hooks',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/hooks',
    'https://0.0.0.0/hooks',
    'https://[::1]/hooks',
    'https://[fe80::1]/hooks',
    'https://[fd00::1]/hooks',
    'https://[::ffff:127.0.0.1]/hooks',
    'https://[::ffff:169.254.169.254]/hooks',
    'https://2130706433/hooks',
    'https://0x7f.0.0.1/hooks',
    'https://localhost/hooks',
    'https://metadata.example.test/hooks',
    'https://mixed.example.test/hooks',
  ])('refuses %s', async (url) => {
    const res = await admin.call('POST', '/api/admin/webhooks', { url, events: ['order.paid'] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^The URL must reach a public address: .*private, loopback or link-local address/);
    expect(await count(t.app, 'webhook_endpoints')).toBe(0);
  });

  it('refuses plain http, and a host name that does not resolve', async () => {
    const http = await admin.call('POST', '/api/admin/webhooks', { url: 'http://public.example.test/', events: ['order.paid'] });
    expect(http.statusCode).toBe(400);
    expect(http.json().message).toBe('The URL must start with https://');
    const unknown = await admin.call('POST', '/api/admin/webhooks', {
      url: 'https://no-such-host.invalid/',
      events: ['order.paid'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/could not be found/);
  });

  it('refuses a private address as a changed URL too', async () => {
    const made = await admin.call('POST', '/api/admin/webhooks', {
      url: 'https://public.example.test/in',
      events: ['order.paid'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const changed = await admin.call('PUT', `/api/admin/webhooks/${made.json().id}`, { url: 'https://[fe80::1]/in' });
    expect(changed.statusCode).toBe(400);
    expect((await admin.call('GET', '/api/admin/webhooks')).json()[0].url).toBe('https://public.example.test/in');
    await admin.call('DELETE', `/api/admin/webhooks/${made.json().id}`);
  });
});

describe('at delivery', () => {
  it('connects to no address its lookup refused: a name rebound to loopback, a literal private URL', async () => {
    const made = await admin.call('POST', '/api/admin/webhooks', {
      url: `https://rebind.example.test:${rx.port}/hooks`,
      events: ['order.paid'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    rebound = true;
    await paidOrder(t.app);
    const last = async () => ((await admin.call('GET', `/api/admin/webhooks/${id}/deliveries`)).json() as WebhookDelivery[])[0];
    expect(await eventually(async () => (await last())?.lastError != null)).toBe(true);
    expect(await last()).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: null,
      lastError: 'refused: rebind.example.test is a private, loopback or link-local address (127.0.0.1)',
    });

    // An endpoint stored with a private address (registered while the switch was on) is refused as well.
    await t.app.database.db.execute(sql`update webhook_endpoints set url = ${`https://127.0.0.1:${rx.port}/hooks`}`);
    await paidOrder(t.app);
    expect(
      await eventually(async () => {
        const rows = (await admin.call('GET', `/api/admin/webhooks/${id}/deliveries`)).json() as WebhookDelivery[];
        return rows.some((r) => r.lastError === 'refused: 127.0.0.1 is a private, loopback or link-local address');
      }),
    ).toBe(true);
    expect(rx.connections()).toBe(0);
    expect(rx.received).toHaveLength(0);
  });
});
