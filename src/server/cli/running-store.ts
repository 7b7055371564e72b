import type { Config } from '../config.ts';

/**
 * Whether a store is running on this configuration's embedded database (one process at a time may
 * open it): the message to show, or undefined. Asks the configured port's /healthz.
 */
export async function runningEmbeddedStore(config: Config): Promise<string | undefined> {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const answer = await fetch(`http://${host}:${config.port}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.json() as Promise<{ database?: string }>,
    () => null,
  );
  return answer?.database === 'pglite'
    ? `The store is running on port ${config.port}: stop it first (the embedded database is one process's at a time).`
    : undefined;
}
