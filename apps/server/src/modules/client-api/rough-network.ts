import { isIPv4, isIPv6 } from 'node:net';
import { clientAddressKey } from '../../lib/client-address.ts';

/**
 * Roughly where a device code was asked for, for the person asked to approve it: the network of
 * the asking address (IPv4 /24, IPv6 /48), never the address itself. Enough to tell "my home" from
 * "somewhere else"; no location database is consulted.
 */
export function roughNetworkOf(ip: string): string {
  const key = clientAddressKey(ip);
  if (isIPv4(key)) return `${key.split('.').slice(0, 3).join('.')}.0/24`;
  const v6 = key.replace(/::\/64$/, '');
  if (key.endsWith('::/64') && isIPv6(`${v6}::`)) return `${v6.split(':').slice(0, 3).join(':')}::/48`;
  return 'an unknown network';
}
