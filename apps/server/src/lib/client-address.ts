import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client is counted under: its IPv4 address, or the /64 network of its IPv6 address
 * (one subscriber usually holds a whole /64, so counting single IPv6 addresses is no limit at all).
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.toLowerCase();
  const mapped = address.match(/^::ffff:([0-9.]+)$/i)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  return `${ipv6Groups(address.toLowerCase()).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded, a trailing dotted IPv4 as two groups. */
function ipv6Groups(address: string): string[] {
  const toGroups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16).toString(16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        });
  const [head = '', tail] = address.split('::');
  const headGroups = toGroups(head);
  const tailGroups = tail === undefined ? [] : toGroups(tail);
  const zeros = Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0');
  return [...headGroups, ...zeros, ...tailGroups];
}
