import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger as Logger } from 'fastify';
import pg from 'pg';

/**
 * Tells every server instance that shared data changed, so in-process caches stay correct
 * with several instances on one PostgreSQL (LISTEN/NOTIFY). With the embedded database there is
 * one process, and the local emitter is enough.
 */
export interface Notifier {
  /** Call after the change has committed. */
  publish(channel: string): Promise<void>;
  subscribe(channel: string, listener: () => void): void;
  /** Resolves once the first attempt to start listening has finished (whether or not it succeeded). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_]{1,40}$/;

export function createLocalNotifier(): Notifier {
  const emitter = new EventEmitter();
  return {
    publish: async (channel) => {
      emitter.emit(channel);
    },
    subscribe: (channel, listener) => {
      emitter.on(channel, listener);
    },
    ready: async () => {},
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

export function createPgNotifier(url: string, pool: pg.Pool, log: Logger): Notifier {
  const local = new EventEmitter();
  const channels = new Set<string>();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => local.emit(msg.channel));
    c.on('error', (err) => {
      log.warn({ err }, 'notification connection lost; reconnecting');
      client = undefined;
      c.end().catch(() => {});
      // Missed notifications while disconnected: tell every subscriber to drop its cache.
      for (const ch of channels) local.emit(ch);
      retry = setTimeout(() => void connect(), 1000);
    });
    try {
      await c.connect();
      for (const ch of channels) await c.query(`LISTEN ${ch}`);
      client = c;
      // Anything cached before this connection listened may have missed a change: drop it now.
      for (const ch of channels) local.emit(ch);
    } catch (err) {
      log.warn({ err }, 'cannot listen for notifications; retrying');
      c.end().catch(() => {});
      retry = setTimeout(() => void connect(), 1000);
    }
  };
  const ready = connect();

  return {
    publish: async (channel) => {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel ${channel}`);
      local.emit(channel); // this instance at once; the others through PostgreSQL
      await pool.query('select pg_notify($1, $2)', [channel, '']);
    },
    subscribe: (channel, listener) => {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel ${channel}`);
      local.on(channel, listener);
      if (!channels.has(channel)) {
        channels.add(channel);
        void ready.then(async () => {
          if (!client) return; // the reconnect LISTENs to every channel
          await client.query(`LISTEN ${channel}`).catch(() => {});
          local.emit(channel);
        });
      }
    },
    ready: () => ready,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      local.removeAllListeners();
      await ready;
      await client?.end().catch(() => {});
    },
  };
}
