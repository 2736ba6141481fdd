import dns from 'node:dns';
import net from 'node:net';

/**
 * Where a webhook may go (decision 059): https to a public address. Private networks, loopback,
 * link-local (cloud metadata at 169.254.169.254), unique-local IPv6, and IPv4 written inside
 * IPv6 are refused, whatever name leads there, checked on the address actually connected to.
 */
const BLOCKED = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  BLOCKED.addSubnet(net6, prefix, 'ipv6');

const LOOPBACK = new Set(['127.0.0.1', '::1']);

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 one (`::ffff:10.0.0.1`). */
function embeddedIpv4(address: string): string | undefined {
  const m = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const a = parseInt(hex[1]!, 16);
    const b = parseInt(hex[2]!, 16);
    return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  return undefined;
}

export type DestinationRules = {
  /** WEBHOOK_ALLOW_LOCAL_HTTP: http://127.0.0.1 (or localhost) for development and tests. */
  allowLocalHttp: boolean;
};

/** Whether a webhook may connect to this address. */
export function addressAllowed(address: string, rules: DestinationRules): boolean {
  const inner = embeddedIpv4(address);
  if (inner) return addressAllowed(inner, rules);
  if (rules.allowLocalHttp && LOOPBACK.has(address)) return true;
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return false;
  return !BLOCKED.check(address, family);
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/**
 * What is wrong with an endpoint's address as written, or undefined: https only (http only to
 * the loopback host when allowed), no user or password, and an address written as an IP must be
 * one a webhook may reach. A name is resolved at each delivery (`guardedLookup`).
 */
export function addressProblem(text: string, rules: DestinationRules): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Give a full address (https://…)';
  }
  if (url.username || url.password) return 'The address may not hold a user or password';
  const host = bare(url.hostname);
  const local = host === 'localhost' || LOOPBACK.has(host);
  if (url.protocol === 'http:') {
    if (!(rules.allowLocalHttp && local)) return 'The address must start with https://';
  } else if (url.protocol !== 'https:') return 'The address must start with https://';
  if (net.isIP(host) && !addressAllowed(host, rules))
    return 'The address is in a private, loopback or link-local network';
  if (host === 'localhost' && !rules.allowLocalHttp)
    return 'The address is in a private, loopback or link-local network';
  return undefined;
}

export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemLookup: Lookup = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * A `lookup` for `http.request` that resolves the name now and refuses it when any of its
 * addresses may not be reached: the check is on the address the socket then connects to, so a
 * name that changes its answer between a check and the connection (DNS rebinding) gains nothing.
 */
export function guardedLookup(rules: DestinationRules, resolve: Lookup = systemLookup) {
  return (
    hostname: string,
    options: unknown,
    callback: (
      err: Error | null,
      address: string | { address: string; family: number }[],
      family?: number,
    ) => void,
  ): void => {
    resolve(hostname)
      .then((addresses) => {
        const refused = addresses.find((a) => !addressAllowed(a.address, rules));
        if (addresses.length === 0 || refused) {
          callback(new Error(`refused: ${hostname} resolves to a private or local address`), '', 4);
          return;
        }
        const all = (options as { all?: boolean } | undefined)?.all;
        if (all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      })
      .catch((err: Error) => callback(err, '', 4));
  };
}
