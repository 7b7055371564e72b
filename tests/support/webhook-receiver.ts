import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
  /** The body as JSON: `{type, timestamp, data}`. */
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the payloads' fields as a receiver's code would
  json: { type: string; timestamp: string; data: Record<string, any> };
}

/**
 * A webhook receiver on loopback (node:http), as an integrator runs one: it records each request
 * and answers with the next status queued by `answer(...)`, 200 when none is.
 */
export async function webhookReceiver(o: { delayMs?: number } = {}) {
  const received: ReceivedWebhook[] = [];
  const statuses: number[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let json: ReceivedWebhook['json'];
      try {
        json = JSON.parse(body);
      } catch {
        json = { type: '', timestamp: '', data: {} };
      }
      received.push({ headers, body, json });
      const status = statuses.shift() ?? 200;
      const answer = () =>
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : `failed with ${status}`);
      if (o.delayMs) setTimeout(answer, o.delayMs);
      else answer();
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The statuses the next requests are answered with, in order. */
    answer: (...codes: number[]) => statuses.push(...codes),
    /** Forgets what was received and the statuses queued. */
    reset: () => {
      received.length = 0;
      statuses.length = 0;
    },
    connections: () => connections,
    of: (type: string) => received.filter((r) => r.json.type === type),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Checks a request's signature with the Standard Webhooks library; throws when it does not verify. */
export function verify(secret: string, r: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(r.body, r.headers);
}
