import { createHmac, timingSafeEqual } from 'node:crypto';

/** BTCPay-Sig: `sha256=` + hex HMAC-SHA256 of the raw body with the webhook's secret. */
export function btcpaySignature(rawBody: Buffer | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

export function isValidBtcpaySignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(btcpaySignature(rawBody, secret));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
