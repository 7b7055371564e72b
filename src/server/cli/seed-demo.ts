import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { countOrders, type DemoSize, type Progress, seedDemo } from './demo/index.ts';
import { runningEmbeddedStore } from './running-store.ts';

/**
 * `npm run seed:demo [-- --orders N --events N --seed S]`: fills an empty store (the embedded
 * database in DATA_DIR, or DATABASE_URL's) with a believable year of business, for a newcomer who
 * wants to see a full dashboard (ADR 0034). Refuses a database that has orders.
 */
const USAGE = `usage: npm run seed:demo [-- --orders N] [--events N] [--seed S]
  --orders  orders over the year, 0 to 1,000,000 (default 3,000)
  --events  analytics events over the year, 0 to 50,000,000 (default 300,000)
  --seed    any whole number; the same seed gives the same year (default 1)`;

const LIMITS = { orders: 1_000_000, events: 50_000_000, seed: 2_147_483_647 } as const;
const DEFAULTS: DemoSize = { orders: 3_000, events: 300_000, seed: 1 };

class UsageError extends Error {}

/** The flags, each a whole number within its limit. */
function parseDemoArgs(argv: string[]): DemoSize | 'help' {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        orders: { type: 'string' },
        events: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  if (parsed.values.help) return 'help';
  const size = { ...DEFAULTS };
  for (const name of ['orders', 'events', 'seed'] as const) {
    const raw = parsed.values[name];
    if (raw === undefined) continue;
    const text = String(raw).replace(/_/g, '');
    if (!/^\d+$/.test(text) || Number(text) > LIMITS[name]) {
      throw new UsageError(`--${name} must be a whole number from 0 to ${LIMITS[name].toLocaleString('en-US')} (got "${raw}")`);
    }
    size[name] = Number(text);
  }
  return size;
}

/** One line per phase, redrawn in place on a terminal; plain lines elsewhere. */
function progressBar(out: NodeJS.WriteStream): Progress {
  const started = Date.now();
  let last = '';
  return (phase, done, total) => {
    const width = 24;
    const filled = Math.round((done / total) * width);
    const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.round((done / total) * 100)}% ${phase} (${Math.round((Date.now() - started) / 1000)} s)`;
    if (out.isTTY) out.write(`\r${line.padEnd(last.length)}${done === total ? '\n' : ''}`);
    else out.write(`${line}\n`);
    last = line;
  };
}

async function main(): Promise<number> {
  let size: DemoSize;
  let config: Config;
  try {
    const parsed = parseDemoArgs(process.argv.slice(2));
    if (parsed === 'help') {
      console.log(USAGE);
      return 0;
    }
    size = parsed;
    config = loadConfig();
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n${USAGE}`);
      return 2;
    }
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  if (!config.databaseUrl && config.dataDir === 'memory://') {
    console.error(
      'DATA_DIR is memory://: the demo would vanish when this command ends. Set DATA_DIR to a folder, or DATABASE_URL.',
    );
    return 1;
  }
  if (!config.databaseUrl) {
    const running = await runningEmbeddedStore(config);
    if (running) {
      console.error(running);
      return 1;
    }
  }
  const app = await buildApp(config, { ssr: 'off' });
  try {
    const orders = await countOrders(app);
    if (orders.real > 0) {
      console.error(
        `This database has ${orders.real.toLocaleString('en-US')} real orders: the demo fills only an empty store. Nothing was written.`,
      );
      return 1;
    }
    if (orders.demo > 0) {
      console.error('This database has the demo year already. To start again, point DATA_DIR (or DATABASE_URL) at an empty one.');
      return 1;
    }
    const where = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${config.dataDir}`;
    console.log(
      `A year of the store into ${where}: ${size.orders.toLocaleString('en-US')} orders, about ${size.events.toLocaleString('en-US')} analytics events (seed ${size.seed}).`,
    );
    await seedDemo(app, size, progressBar(process.stdout));
    console.log('Done. Start the store (npm start) and sign in to the dashboard to see it.');
    return 0;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
