import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import {
  type RepositoryUrlPolicy,
  type ResolvedAddress,
  UnsafeRepositoryUrl,
} from './repository-url-policy.ts';

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface SafeGitHttpOptions {
  /** Each request (connect to last byte) must finish within this. */
  timeoutMs?: number;
  /** A response body larger than this aborts the fetch (a repository too large, or a hostile server). */
  maxResponseBytes?: number;
}

/** A transfer the server stopped, with a reason the developer can read. */
export class RepositoryTransferError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RepositoryTransferError';
  }
}

async function collect(body: AsyncIterable<Uint8Array> | undefined): Promise<Buffer | undefined> {
  if (!body) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function* limited(response: IncomingMessage, maxBytes: number): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      response.destroy();
      throw new RepositoryTransferError(
        `The repository is larger than ${Math.round(maxBytes / 1_048_576)} MB; the update stopped.`,
      );
    }
    yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}

const flatHeaders = (headers: IncomingMessage['headers']): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
    ),
  );

/**
 * isomorphic-git's HTTP client, through the repository URL policy: every URL (the first and each
 * redirect, followed here by hand, at most 5) is checked for scheme and host, and every connection
 * resolves its host through the policy, which refuses private addresses; the address checked is
 * the address connected to, so DNS cannot change between the two. The access token (an
 * Authorization header) is never sent on to another origin.
 */
export function createSafeGitHttp(policy: RepositoryUrlPolicy, options: SafeGitHttpOptions = {}): HttpClient {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxResponseBytes = options.maxResponseBytes ?? 200 * 1_048_576;

  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    policy.resolveAllowed(hostname).then(
      (addresses) => {
        const [first] = addresses;
        if (lookupOptions.all) {
          (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, addresses);
        } else if (first) {
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };

  function send(url: URL, method: string, headers: Record<string, string>, body?: Buffer) {
    return new Promise<IncomingMessage>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      // No pooled sockets (agent: false): every connection resolves, and is checked, anew.
      const request = client.request(
        url,
        { method, headers, lookup, agent: false, timeout: timeoutMs },
        resolve,
      );
      request.on('timeout', () =>
        request.destroy(new RepositoryTransferError('The repository did not answer in time.')),
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  return {
    async request({ url, method = 'GET', headers = {}, body }: GitHttpRequest): Promise<GitHttpResponse> {
      const payload = await collect(body);
      let current = policy.checkUrl(url);
      let currentMethod = method;
      let currentHeaders = { ...headers };
      let currentBody = payload;
      for (let hop = 0; ; hop += 1) {
        const response = await send(current, currentMethod, currentHeaders, currentBody);
        const location = response.headers.location;
        if (!REDIRECTS.has(response.statusCode ?? 0) || !location) {
          return {
            url: current.href,
            method: currentMethod,
            statusCode: response.statusCode ?? 0,
            statusMessage: response.statusMessage ?? '',
            headers: flatHeaders(response.headers),
            body: limited(response, maxResponseBytes),
          };
        }
        response.resume();
        if (hop >= MAX_REDIRECTS) throw new UnsafeRepositoryUrl('The repository redirected too many times.');
        const next = policy.checkUrl(new URL(location, current).href);
        if (next.origin !== current.origin) {
          currentHeaders = Object.fromEntries(
            Object.entries(currentHeaders).filter(([name]) => name.toLowerCase() !== 'authorization'),
          );
        }
        const status = response.statusCode ?? 0;
        if (status === 303 || ((status === 301 || status === 302) && currentMethod === 'POST')) {
          currentMethod = 'GET';
          currentBody = undefined;
        }
        current = next;
      }
    },
  };
}
