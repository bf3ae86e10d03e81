import { isIP } from 'node:net';
import { z } from 'zod';

/** TRUST_PROXY parsed: nobody, the nearest `hops` proxies, or proxies at these addresses/ranges. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/**
 * Which proxies may name the client in X-Forwarded-For: a hop count (`1`: the one proxy in front of
 * us) or a comma-separated list of proxy addresses or CIDR ranges. Never "trust everything": that
 * lets any client pick its own address and walk past every per-address limit.
 */
export const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const trimmed = value.trim();
  if (/^[0-9]+$/.test(trimmed)) return Number(trimmed) === 0 ? false : { hops: Number(trimmed) };
  const parts = trimmed.split(',').map((part) => part.trim());
  const invalid = parts.filter((part) => !isProxyAddress(part));
  if (invalid.length > 0) {
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: `must be a hop count (e.g. 1) or proxy addresses/CIDR ranges (e.g. 10.0.0.5,10.1.0.0/16), not '${invalid.join(',')}'`,
    });
    return z.NEVER;
  }
  return { addresses: parts };
});

function isProxyAddress(part: string): boolean {
  const [address = '', prefix, ...rest] = part.split('/');
  const version = isIP(address);
  if (rest.length > 0 || version === 0) return false;
  if (prefix === undefined) return true;
  return /^[0-9]+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy` for it. A hop count becomes a function because Fastify 5.12 treats a
 * number as "trust nobody"; hop counting trusts the nearest hops whoever they are, so it is only
 * safe when the server cannot be reached except through the proxy (ADR 0012).
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('addresses' in trust) return trust.addresses;
  return (_address, hop) => hop < trust.hops;
}
