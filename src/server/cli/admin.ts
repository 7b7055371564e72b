import { createInterface } from 'node:readline/promises';
import { openDatabase } from '#db/client.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { createAdminAuthService, MIN_PASSWORD_LENGTH } from '../domains/admin-auth/service.ts';
import { AppError } from '../errors.ts';

/**
 * `npm run admin -- set-password <username>`: sets (or creates) an admin's password, read from
 * standard input, and signs that admin out everywhere (sessions and trusted devices). For an owner
 * who lost the password. The next start keeps it unless ADMIN_PASSWORD changed since (ADR 0017).
 */
const USAGE = 'usage: npm run admin -- set-password <username>   (the password is read from standard input)';

async function readPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdin.isTTY ? process.stderr : undefined, terminal: false });
  if (process.stdin.isTTY) process.stderr.write(`New password (at least ${MIN_PASSWORD_LENGTH} characters): `);
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

async function main(): Promise<number> {
  const [command, username] = process.argv.slice(2);
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (command !== 'set-password' || !username) {
    console.error(USAGE);
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const password = await readPassword();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    sharedBuffers: config.pgliteSharedBuffers,
  });
  try {
    await database.migrate();
    const auth = createAdminAuthService(database.db, { loginPer15Min: config.rateLimits.loginPer15Min });
    await auth.setPassword(username, password);
    console.log(`The password of "${username}" is set; it is signed out everywhere.`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
