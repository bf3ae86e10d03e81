import { BlockList, isIPv4, isIPv6 } from 'node:net';

// Addresses a repository fetch must never reach: this machine, the private networks behind it, cloud
// metadata services (link-local), carrier-grade NAT, and addresses that are no host at all.
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form (::127.0.0.1 is ::7f00:1)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['2001::', 32], // Teredo: an IPv4 address tunnelled, obfuscated in the low bits
  ['2002::', 16], // 6to4: an IPv4 address in bits 16-48
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 IPv6 address (IPv4-compatible ones are refused whole). */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:(?:0:)?|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match?.[1]) return match[1];
  const hex = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex?.[1] || !hex[2]) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

export interface AddressExceptions {
  /** The tests' switch for their local git server: opens loopback only, never the private networks. */
  allowLoopback?: boolean;
  /** The private networks the operator opened on purpose (private-networks.ts, REPOSITORY_PRIVATE_NETWORKS). */
  privateNetworks?: BlockList;
}

/**
 * Whether a repository fetch may connect to `address` (an IP literal). Anything that is not a
 * well-formed public address is refused, unless an exception opens it.
 */
export function isForbiddenAddress(address: string, options: AddressExceptions = {}): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) {
    if (options.allowLoopback && loopback.check(bare, 'ipv4')) return false;
    if (options.privateNetworks?.check(bare, 'ipv4')) return false;
    return blocked.check(bare, 'ipv4');
  }
  if (!isIPv6(bare)) return true;
  const v4 = embeddedIpv4(bare);
  if (v4 !== null) return isForbiddenAddress(v4, options);
  if (options.allowLoopback && loopback.check(bare, 'ipv6')) return false;
  if (options.privateNetworks?.check(bare, 'ipv6')) return false;
  return blocked.check(bare, 'ipv6');
}
