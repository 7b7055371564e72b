import { type Config, ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';

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

  const sweep = setInterval(() => {
    app.services.cart.sweepStaleCarts().catch((err: unknown) => app.log.warn({ err }, 'cart sweep failed'));
  }, 60 * 60_000);
  sweep.unref();
  // Unpaid orders past their expiry give their stock back; failed confirmation e-mails are retried.
  const orderSweep = setInterval(() => {
    app.services.orders.sweepExpired().catch((err: unknown) => app.log.warn({ err }, 'order sweep failed'));
  }, 60_000);
  orderSweep.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(sweep);
    clearInterval(orderSweep);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.publicUrl;
  app.log.info(
    `Store running at ${shown} (database: ${app.database.driver}, payments: ${app.services.payments.providerName}, mail: ${app.mailer.target})`,
  );
  if (process.stdout.isTTY || config.env !== 'test')
    console.log(`\n  Ironwake store: ${shown}\n  Admin:          ${shown}/admin\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
