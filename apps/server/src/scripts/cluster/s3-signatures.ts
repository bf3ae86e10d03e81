import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * s3rver (3.7.1) accepts any presigned URL whose expiry has not passed: it checks no SigV4
 * signature ("Signature version 4 calculation is unimplemented" in its source) and serves requests
 * without any signature too. S3 and every S3-compatible store in production refuse both (403). This
 * puts the missing check in front of the local cluster's s3rver, so a download link handed out by
 * the cluster behaves as it would on S3: the link as signed works until it expires; the same link
 * with its signature, expiry, object or credential altered, or without its signature, is refused.
 * Requests signed in their Authorization header (the API processes' own reads and writes) are left
 * to s3rver.
 */

/** What of Koa's context this uses (s3rver is a Koa application). */
interface KoaContext {
  req: IncomingMessage;
  method: string;
  path: string;
  querystring: string;
  status: number;
  type: string;
  body: unknown;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<unknown>) => Promise<unknown>;

export interface SigningCredentials {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Puts the check first in the s3rver's chain; call it before `run()` (Koa composes its chain then). */
export function checkPresignedSignatures(server: object, credentials: SigningCredentials): void {
  const chain = (server as { middleware?: KoaMiddleware[] }).middleware;
  if (!Array.isArray(chain)) throw new Error('s3rver is not the Koa application this check expects');
  chain.unshift(async (ctx, next) => {
    const refusal = refusalOf(ctx, credentials);
    if (!refusal) return next();
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${refusal.message}</Message></Error>`;
    return undefined;
  });
}

/** Why S3 would refuse this request, or null when it would take it. */
export function refusalOf(
  request: Pick<KoaContext, 'req' | 'method' | 'path' | 'querystring'>,
  credentials: SigningCredentials,
): { code: string; message: string } | null {
  const pairs = parseQuery(request.querystring);
  const query = new Map(pairs);
  if (request.req.headers.authorization) return null;
  if (query.get('X-Amz-Algorithm') === undefined) {
    return { code: 'AccessDenied', message: 'Access Denied' };
  }
  const signature = query.get('X-Amz-Signature') ?? '';
  const credential = query.get('X-Amz-Credential') ?? '';
  const amzDate = query.get('X-Amz-Date') ?? '';
  const signedHeaders = query.get('X-Amz-SignedHeaders') ?? '';
  const [accessKeyId, ...scopeParts] = credential.split('/');
  const scope = scopeParts.join('/');
  const [date, region, service] = scopeParts;
  if (accessKeyId !== credentials.accessKeyId) {
    return { code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist.' };
  }
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !date || !region || !service || !amzDate) {
    return { code: 'AuthorizationQueryParametersError', message: 'Malformed query-string authentication.' };
  }

  const canonicalQuery = pairs
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [encode(key), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const headerNames = signedHeaders.split(';').filter(Boolean);
  const canonicalHeaders = headerNames
    .map(
      (name) =>
        `${name}:${String(request.req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    request.method,
    // The path as sent: S3 does not encode it a second time.
    request.path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${credentials.secretAccessKey}`, date);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  const expected = Buffer.from(createHmac('sha256', key).update(stringToSign).digest('hex'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return {
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  }
  return null;
}

/** The raw query's pairs, decoded, in order (the same key may come twice). */
function parseQuery(raw: string): [string, string][] {
  if (!raw) return [];
  return raw.split('&').map((part) => {
    const at = part.indexOf('=');
    const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, '%20'));
    return at < 0 ? [decode(part), ''] : [decode(part.slice(0, at)), decode(part.slice(at + 1))];
  });
}

/** RFC 3986 encoding, as SigV4 wants it. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();
