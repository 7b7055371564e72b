import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * Slow and idle clients on a real socket (issue "Abuse-proof"): a body or headers trickled a byte
 * at a time, or a keep-alive connection left open, must not hold a connection for long. The
 * timeouts are shortened here to about a second; production's defaults are in docs/configuration.md.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ HEADERS_TIMEOUT_MS: '800', REQUEST_TIMEOUT_MS: '1500', KEEP_ALIVE_TIMEOUT_MS: '1000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

interface Outcome {
  /** from the first byte sent to the connection's end */
  closedAfterMs: number;
  received: string;
  /** how much of `rest` went out before the server closed the connection */
  trickled: number;
}

/** Sends `head` at once, then `rest` one byte every `everyMs`, until the server ends the connection. */
function trickle(head: string, rest: string, everyMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let received = '';
    let trickled = 0;
    let timer: NodeJS.Timeout | undefined;
    const safety = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after 10 s (${trickled} of ${rest.length} bytes sent)`));
    }, 10_000);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (trickled < rest.length && !socket.destroyed) socket.write(rest[trickled++] ?? '');
      }, everyMs);
    });
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', () => {}); // a reset is one way of being cut off
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(safety);
      resolve({ closedAfterMs: Date.now() - started, received, trickled });
    });
  });
}

describe('slow clients', () => {
  it('cuts off a body trickled a byte at a time, long before it would finish', async () => {
    const body = JSON.stringify({
      sessionId: `session-${Date.now()}-${'a'.repeat(32)}`,
      productId: 5,
      quantity: 1,
      pad: 'x'.repeat(60),
    });
    const head = `POST /api/cart HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // At 150 ms a byte, the whole body would take about 20 s.
    const outcome = await trickle(head, body, 150);
    expect(outcome.trickled).toBeLessThan(body.length);
    expect(outcome.closedAfterMs).toBeLessThan(4000);
    expect(outcome.received === '' || outcome.received.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('cuts off headers trickled a byte at a time', async () => {
    const rest = `Host: 127.0.0.1\r\nX-Slow: ${'a'.repeat(120)}\r\n\r\n`;
    const outcome = await trickle('GET /healthz HTTP/1.1\r\n', rest, 150);
    expect(outcome.trickled).toBeLessThan(rest.length);
    expect(outcome.closedAfterMs).toBeLessThan(3000);
    expect(outcome.received === '' || outcome.received.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let answeredAt = 0;
    let received = '';
    const closedAt = await new Promise<number>((resolve, reject) => {
      const safety = setTimeout(() => {
        socket.destroy();
        reject(new Error('the idle connection was still open after 10 s'));
      }, 10_000);
      socket.on('connect', () => socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
      socket.on('data', (chunk) => {
        received += chunk.toString();
        answeredAt = Date.now();
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(safety);
        resolve(Date.now());
      });
    });
    // Kept alive after the answer, with the timeout announced, then closed once idle that long
    // (Node allows a second more, so that a client going by the announcement lets go first).
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received.toLowerCase()).toContain('keep-alive: timeout=1');
    const idleMs = closedAt - answeredAt;
    expect(idleMs).toBeGreaterThanOrEqual(950);
    expect(idleMs).toBeLessThan(3500);
  });
});
