import fp from 'fastify-plugin';
import { type DatabaseHandle, openDatabase } from '#db/client.ts';
import { seedCatalog } from '#db/seed.ts';
import { createOutbox } from '../lib/mail-outbox.ts';
import { createMailer } from '../lib/mailer.ts';
import { createLocalNotifier, createPgNotifier, type Notifier } from '../lib/notifier.ts';
import { ensureSecret } from '../lib/server-secrets.ts';
import type { Services } from '../services.ts';

export interface CoreOptions {
  /** Use an already opened database (tests); it is closed with the app unless keepDatabaseOpen. */
  database?: DatabaseHandle | undefined;
  keepDatabaseOpen?: boolean | undefined;
  /** Seed the catalog into an empty database (default true). */
  seed?: boolean | undefined;
}

/**
 * What every domain stands on: the database (migrated, the catalog seeded when empty, one instance
 * at a time), the store's signing secret, the notifier that tells other instances of changes, the
 * mailer and its outbox. The domains' plugins then put their services in `app.services`.
 */
export const corePlugin = fp<CoreOptions>(
  async (app, opts) => {
    const { config } = app;
    const database =
      opts.database ??
      (await openDatabase({
        url: config.databaseUrl,
        dataDir: config.dataDir,
        sharedBuffers: config.pgliteSharedBuffers,
        poolTimeoutMs: config.databasePoolTimeoutMs,
      }));
    if (!opts.database || !opts.keepDatabaseOpen) app.addHook('onClose', () => database.close());
    const tokenSecret = await database.exclusive(async () => {
      await database.migrate();
      if (opts.seed !== false) await seedCatalog(database.db);
      return ensureSecret(database.db, 'tokens');
    });
    const notifier: Notifier =
      database.pool && config.databaseUrl ? createPgNotifier(config.databaseUrl, database.pool, app.log) : createLocalNotifier();
    app.addHook('onClose', () => notifier.close());
    // Listen for other instances' changes before answering from any cache.
    await notifier.ready();
    const mailer = createMailer(config);
    app.addHook('onClose', async () => mailer.close());
    const outbox = createOutbox({ db: database.db, mailer, log: app.log });
    // Hooks run last-registered first: a delivery under way ends before the mailer and the database close.
    app.addHook('onClose', () => outbox.close());

    app.decorate('database', database);
    app.decorate('tokenSecret', tokenSecret);
    app.decorate('notifier', notifier);
    app.decorate('mailer', mailer);
    app.decorate('outbox', outbox);
    app.decorate('services', { outbox } as Services);
  },
  { name: 'core' },
);
