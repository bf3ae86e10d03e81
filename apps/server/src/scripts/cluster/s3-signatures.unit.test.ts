import type { IncomingMessage } from 'node:http';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { refusalOf } from './s3-signatures.ts';

// The check the local cluster puts in front of s3rver: a URL presigned by the AWS SDK (as the API
// processes make them) passes; the same URL altered in any signed part, or unsigned, is refused.

const CREDENTIALS = { region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const client = new S3Client({
  region: CREDENTIALS.region,
  endpoint: 'http://127.0.0.1:3543',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

const presign = (key: string) =>
  getSignedUrl(client, new GetObjectCommand({ Bucket: 'ember-cluster', Key: key }), { expiresIn: 300 });

/** How s3rver's Koa context would see a GET of this URL. */
function requestOf(address: string, headers: Record<string, string> = {}) {
  const url = new URL(address);
  return {
    method: 'GET',
    path: url.pathname,
    querystring: url.search.slice(1),
    req: { headers: { host: url.host, ...headers } } as unknown as IncomingMessage,
  };
}

describe('presigned-URL check in front of s3rver', () => {
  it('takes a URL as the SDK signed it, an object key with characters to encode too', async () => {
    expect(refusalOf(requestOf(await presign(`blobs/${'a'.repeat(64)}`)), CREDENTIALS)).toBeNull();
    expect(refusalOf(requestOf(await presign('blobs/a name+with (odd)*chars')), CREDENTIALS)).toBeNull();
  });

  it('refuses it with another signature, expiry, object, host or key id, or with no signature', async () => {
    const signed = await presign(`blobs/${'a'.repeat(64)}`);
    const altered = (change: (url: URL) => void) => {
      const url = new URL(signed);
      change(url);
      return refusalOf(requestOf(url.toString()), CREDENTIALS)?.code;
    };
    expect(
      altered((url) => {
        const signature = url.searchParams.get('X-Amz-Signature') ?? '';
        url.searchParams.set(
          'X-Amz-Signature',
          `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
        );
      }),
    ).toBe('SignatureDoesNotMatch');
    expect(altered((url) => url.searchParams.set('X-Amz-Expires', '604800'))).toBe('SignatureDoesNotMatch');
    expect(
      altered((url) => {
        url.pathname = `/ember-cluster/blobs/${'b'.repeat(64)}`;
      }),
    ).toBe('SignatureDoesNotMatch');
    expect(
      altered((url) => {
        url.port = '3544';
      }),
    ).toBe('SignatureDoesNotMatch');
    expect(
      altered((url) =>
        url.searchParams.set(
          'X-Amz-Credential',
          (url.searchParams.get('X-Amz-Credential') ?? '').replace('S3RVER', 'OTHER'),
        ),
      ),
    ).toBe('InvalidAccessKeyId');
    expect(
      altered((url) => {
        url.search = '';
      }),
    ).toBe('AccessDenied');
  });

  it("leaves requests signed in their Authorization header to s3rver (the API processes' own calls)", () => {
    const request = requestOf('http://127.0.0.1:3543/ember-cluster/blobs/x', {
      authorization: 'AWS4-HMAC-SHA256 Credential=S3RVER/…',
    });
    expect(refusalOf(request, CREDENTIALS)).toBeNull();
  });
});
