import { type Config, ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { warmProductImages } from './domains/catalog/product-images.ts';
import { startSweeps } from './sweeps.ts';

/** Listen, sweep, and shut down gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.argv.includes('--dev') ? { NODE_ENV: 'development', ...process.env } : process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);

  const stopSweeps = startSweeps(app);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    stopSweeps();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // A crash between a payment and its order's completion is repaired here (webhooks repair it too).
  app.services.checkout
    .reconcilePaid()
    .then((n) => n > 0 && app.log.warn({ completed: n }, 'completed paid orders left pending by an earlier stop'))
    .catch((err: unknown) => app.log.error({ err }, 'reconciliation at start failed'));
  void warmProductImages().catch((err: unknown) => app.log.warn({ err }, 'product images not rendered ahead'));
  app.services.catalog
    .sizeEarlierUploads()
    .then((n) => n > 0 && app.log.info({ sized: n }, 'sizes made of product images uploaded before sizes were made'))
    .catch((err: unknown) => app.log.warn({ err }, 'earlier product images not sized'));
  const shown = config.publicUrl;
  app.log.info(
    { node: process.version },
    `Store running at ${shown} (Node ${process.version}, database: ${app.database.driver}, payments: ${app.services.payments.providerName}, mail: ${app.mailer.target})`,
  );
  // With no admin configured or created before, one is made now and its password shown this once.
  const generated = config.admin ? null : await app.services.adminAuth.ensureSomeAdmin();
  // For the person at the terminal, on standard error: standard output is the JSON log alone.
  if (process.stderr.isTTY || config.env !== 'test')
    console.error(`\n  Ironwake store: ${shown}\n  Admin:          ${shown}/admin\n`);
  if (generated) {
    console.error(
      `  An admin account was created: username "${generated.username}", password "${generated.password}".\n` +
        '  It is shown only now. Change it any time with: npm run admin -- set-password admin\n',
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
