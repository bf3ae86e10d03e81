import { lookup } from 'node:dns/promises';
import { type BlockList, isIP } from 'node:net';
import { isForbiddenAddress } from './blocked-addresses.ts';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to (all of them are checked, not just the first). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

export interface RepositoryUrlPolicyConfig {
  /** Exact host names repositories may live on (REPOSITORY_HOSTS). */
  allowedHosts: readonly string[];
  /** Hosts among them that may be fetched over plain http (tests only; refused in production). */
  httpHosts?: readonly string[];
  /** Lets fetches reach loopback addresses (tests only; refused in production). */
  allowLoopback?: boolean;
  /** Private networks the operator opened on purpose for a git server of their own (off by default). */
  privateNetworks?: BlockList;
  resolve?: Resolver;
}

export const HTTPS_ONLY_MESSAGE = 'Repository URLs must use https.';
export const PRIVATE_ADDRESS_MESSAGE = 'This repository address points to a private network.';

/** A repository address the server refuses to fetch; the message is shown to the developer as is. */
export class UnsafeRepositoryUrl extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeRepositoryUrl';
  }
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * Where the server may fetch repositories from (server-side request forgery guard): https only, on
 * the configured hosts, never to loopback, private, link-local, CGNAT or unspecified addresses.
 * `checkUrl` is the part that needs no network; `check` adds DNS resolution, and `lookup` is the
 * resolver the HTTP client connects through, so the address checked is the address connected to.
 */
export function createRepositoryUrlPolicy(config: RepositoryUrlPolicyConfig) {
  const allowedHosts = new Set(config.allowedHosts.map((host) => host.toLowerCase().replace(/^\[|\]$/g, '')));
  const httpHosts = new Set(
    (config.httpHosts ?? []).map((host) => host.toLowerCase().replace(/^\[|\]$/g, '')),
  );
  const resolve = config.resolve ?? systemResolver;
  const forbidden = (address: string) =>
    isForbiddenAddress(address, {
      allowLoopback: config.allowLoopback === true,
      privateNetworks: config.privateNetworks,
    });

  function checkUrl(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new UnsafeRepositoryUrl('The repository URL is not a valid address.');
    }
    const host = bareHost(url);
    const plainHttpAllowed = url.protocol === 'http:' && httpHosts.has(host);
    if (url.protocol !== 'https:' && !plainHttpAllowed) throw new UnsafeRepositoryUrl(HTTPS_ONLY_MESSAGE);
    if (url.username || url.password) {
      throw new UnsafeRepositoryUrl('Put the access token in its own field, not in the repository URL.');
    }
    if (!allowedHosts.has(host)) {
      throw new UnsafeRepositoryUrl(
        `Repositories on ${host} are not allowed. Allowed hosts: ${[...allowedHosts].join(', ')}.`,
      );
    }
    if (isIP(host) !== 0 && forbidden(host)) throw new UnsafeRepositoryUrl(PRIVATE_ADDRESS_MESSAGE);
    return url;
  }

  /** The host's addresses, all of them allowed; throws naming the problem otherwise. */
  async function resolveAllowed(hostname: string): Promise<ResolvedAddress[]> {
    const host = hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0) {
      if (forbidden(host)) throw new UnsafeRepositoryUrl(PRIVATE_ADDRESS_MESSAGE);
      return [{ address: host, family: isIP(host) }];
    }
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolve(host);
    } catch {
      throw new UnsafeRepositoryUrl(`The repository host ${host} could not be found.`);
    }
    if (addresses.length === 0)
      throw new UnsafeRepositoryUrl(`The repository host ${host} could not be found.`);
    if (addresses.some(({ address }) => forbidden(address)))
      throw new UnsafeRepositoryUrl(PRIVATE_ADDRESS_MESSAGE);
    return addresses;
  }

  return {
    checkUrl,
    resolveAllowed,

    /** The whole check, DNS included. */
    async check(raw: string): Promise<URL> {
      const url = checkUrl(raw);
      await resolveAllowed(url.hostname);
      return url;
    },

    /**
     * The check for a URL being saved: as `check`, except that a host that does not resolve right
     * now is accepted (DNS may be down); the fetch checks again, and refuses it then.
     */
    async checkForSaving(raw: string): Promise<URL> {
      const url = checkUrl(raw);
      await resolveAllowed(url.hostname).catch((error: unknown) => {
        if (error instanceof UnsafeRepositoryUrl && error.message === PRIVATE_ADDRESS_MESSAGE) throw error;
      });
      return url;
    },
  };
}

export type RepositoryUrlPolicy = ReturnType<typeof createRepositoryUrlPolicy>;
