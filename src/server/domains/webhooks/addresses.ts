import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError } from '../../errors.ts';

/**
 * Where a webhook may go (docs/decisions/0058; OWASP SSRF Prevention Cheat Sheet): a public address
 * only, unless the owner allowed private ones (WEBHOOKS_ALLOW_PRIVATE_URLS). Checked when the URL is
 * registered, and again at every delivery by the connection's own lookup, so the address connected
 * to is the address checked (no second resolution a rebinding name could change).
 */
const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // RFC 6598 shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // RFC 3927 link-local (the cloud metadata address)
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  refused.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // RFC 4193 unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(net, bits, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part taken as two). */
function groupsOf(address: string): number[] | undefined {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const groups = tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * The IPv4 address inside an IPv6 one that carries it: IPv4-mapped (::ffff:0:0/96), IPv4-compatible
 * (::/96) and NAT64 (64:ff9b::/96).
 */
function embeddedIpv4(address: string): string | undefined {
  const g = groupsOf(address);
  if (!g) return undefined;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  const mapped = zeros(5) && (g[5] === 0xffff || g[5] === 0);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (!mapped && !nat64) return undefined;
  const hi = g[6] ?? 0;
  const lo = g[7] ?? 0;
  if (g[5] === 0 && !nat64 && hi === 0) return undefined;
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether an IP address is one a webhook may never reach without the private switch. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return refused.check(bare, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(bare.toLowerCase());
  if (v4 && isIP(v4) === 4) return refused.check(v4, 'ipv4');
  return refused.check(bare, 'ipv6');
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

/** Thrown when a URL goes where a webhook may not: the delivery's failure, or a 400 at registration. */
export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
}

/** The URL's host name without an IPv6 literal's brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Every address the host resolves to, each checked; throws RefusedAddressError naming the first refused one. */
export async function checkedAddresses(host: string, resolve: Resolve): Promise<{ address: string; family: number }[]> {
  const family = isIP(host);
  const found = family ? [{ address: host, family }] : await resolve(host);
  if (found.length === 0) throw new RefusedAddressError(`${host} has no address`);
  const bad = found.find((a) => isPrivateAddress(a.address));
  if (bad) throw new RefusedAddressError(`${host} is a private, loopback or link-local address (${bad.address})`);
  return found;
}

/**
 * The connection's lookup: resolves once, refuses the whole host when any of its addresses is
 * private, and hands over only checked addresses.
 */
export function guardedLookup(resolve: Resolve, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const all = (options as { all?: boolean }).all === true;
    const found = allowPrivate ? resolve(hostname) : checkedAddresses(hostname, resolve);
    found.then(
      (addresses) => {
        const first = addresses[0];
        if (!first) return callback(new RefusedAddressError(`${hostname} has no address`), '', 0);
        if (all) return (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, addresses);
        callback(null, first.address, first.family);
      },
      (err: Error) => callback(err, '', 0),
    );
  };
}

/**
 * A URL the owner registers: https (http too with the private switch), no user name or password, a
 * host that resolves, and none of its addresses private unless allowed. 400 with the reason.
 */
export async function checkEndpointUrl(text: string, allowPrivate: boolean, resolve: Resolve): Promise<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('validation', 'The URL is not valid (it must start with https://)');
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new AppError('validation', 'The URL must start with https://');
  if (url.username || url.password) throw new AppError('validation', 'The URL must not carry a user name or password');
  if (url.hash) throw new AppError('validation', 'The URL must not have a #fragment');
  if (allowPrivate) return url.toString();
  try {
    await checkedAddresses(hostOf(url), resolve);
  } catch (err) {
    if (err instanceof RefusedAddressError) {
      throw new AppError('validation', `The URL must reach a public address: ${err.message}`);
    }
    throw new AppError('validation', `The URL's host name ${url.hostname} could not be found`);
  }
  return url.toString();
}
