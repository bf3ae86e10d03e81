import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * The private networks an operator may open to repository fetches on purpose, for a git server of
 * their own (REPOSITORY_PRIVATE_NETWORKS, off by default). Loopback, link-local (cloud metadata),
 * unspecified, multicast and the transition forms (6to4, Teredo, IPv4-compatible) stay refused
 * whatever is listed.
 */
const OPENABLE: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6']> = [
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
];

export const PRIVATE_NETWORK_ENTRY_MESSAGE =
  'must list addresses or networks (a.b.c.d/nn) inside 10.0.0.0/8, 100.64.0.0/10, 172.16.0.0/12, 192.168.0.0/16 or fc00::/7';

/** Parses `10.0.5.0/24,fd00:1::/64,192.168.1.20` into a BlockList; null when an entry is not an openable private network. */
export function parsePrivateNetworks(entries: readonly string[]): BlockList | null {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefixText, ...rest] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    if (family === null || rest.length > 0) return null;
    const bits = family === 'ipv4' ? 32 : 128;
    const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : -1;
    if (prefix < 0 || prefix > bits) return null;
    // The whole network inside one openable range: its address in the range, its prefix no shorter.
    const inside = OPENABLE.some(
      ([network, rangePrefix, rangeFamily]) =>
        rangeFamily === family && prefix >= rangePrefix && containedIn(address, family, network, rangePrefix),
    );
    if (!inside) return null;
    list.addSubnet(address, prefix, family);
  }
  return list;
}

function containedIn(address: string, family: 'ipv4' | 'ipv6', network: string, prefix: number): boolean {
  const range = new BlockList();
  range.addSubnet(network, prefix, family);
  return range.check(address, family);
}
