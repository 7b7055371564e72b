/**
 * Query parameters that are secrets, by the pages that take them (docs/decisions/0018): the payment
 * id is the key to its order's confirmation, a review link's token lets its holder review as the
 * buyer (docs/decisions/0021). The server's page moves them out of the address into its history
 * entry (the router's location.state, under `secretParams`; src/client/app/router.tsx) before any
 * script runs, because marketing tags read location.href themselves; a reload, Back and a
 * duplicated tab keep the entry's state. A page that takes a secret by link lists it here.
 */
const SECRET_PARAMS: readonly { path: RegExp; names: readonly string[] }[] = [
  { path: /^\/order-confirmation$/, names: ['payment_intent'] },
  { path: /^\/product\/\d+$/, names: ['review'] },
];

export type SecretParams = Record<string, string>;

/** A request's path and query without its page's secret parameters, and those; null when it has none. */
export function splitSecretParams(url: string): { url: string; secrets: SecretParams } | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  const pathname = url.slice(0, q);
  // The router matches paths whatever their case and trailing slash.
  const page = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  const names = SECRET_PARAMS.find((p) => p.path.test(page))?.names ?? [];
  const params = new URLSearchParams(url.slice(q + 1));
  const secrets: SecretParams = {};
  for (const name of names) {
    const value = params.get(name);
    if (value === null) continue;
    secrets[name] = value;
    params.delete(name);
  }
  if (Object.keys(secrets).length === 0) return null;
  const rest = params.toString();
  return { url: rest ? `${pathname}?${rest}` : pathname, secrets };
}

/** A secret parameter kept in a location state (a page's, or history.state.usr outside the router). */
export function secretParamOf(state: unknown, name: string): string | null {
  const secrets = (state as { secretParams?: Partial<SecretParams> } | null)?.secretParams;
  const value = secrets && typeof secrets === 'object' ? secrets[name] : undefined;
  return typeof value === 'string' ? value : null;
}

/** A location state holding these secrets besides what it held. */
export function withSecretParams(state: unknown, secrets: SecretParams): { secretParams: SecretParams } {
  const held = state && typeof state === 'object' ? (state as { secretParams?: SecretParams }) : {};
  return { ...held, secretParams: { ...held.secretParams, ...secrets } };
}

/** A location state without this secret (it was used, or refused). */
export function withoutSecretParam(state: unknown, name: string): unknown {
  const held = state && typeof state === 'object' ? (state as { secretParams?: SecretParams }) : null;
  if (!held?.secretParams || !(name in held.secretParams)) return state;
  const { [name]: _gone, ...rest } = held.secretParams;
  return { ...held, secretParams: rest };
}
