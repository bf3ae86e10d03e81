import { describe, expect, it } from 'vitest';
import { btcpaySignature, isValidBtcpaySignature } from '../btcpay/btcpay-signature.ts';
import { WebhookSignatureInvalid } from './payment-gateway.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';

describe('BTCPay-Sig', () => {
  const body = Buffer.from('{"deliveryId":"d1","type":"InvoiceSettled","invoiceId":"inv"}');

  it('is sha256= and the hex HMAC-SHA256 of the raw body', () => {
    // The same as `echo -n '<body>' | openssl dgst -sha256 -hmac secret`.
    expect(btcpaySignature(body, 'secret')).toBe(
      'sha256=7b62490fce88fbd97ee34297ea21ed7fe88f5c764acb797da018f1f68be12160',
    );
    expect(isValidBtcpaySignature(body, btcpaySignature(body, 'secret'), 'secret')).toBe(true);
  });

  it('fails for another secret, another body, a missing or malformed header', () => {
    const signature = btcpaySignature(body, 'secret');
    expect(isValidBtcpaySignature(body, btcpaySignature(body, 'other'), 'secret')).toBe(false);
    expect(isValidBtcpaySignature(Buffer.from(`${body} `), signature, 'secret')).toBe(false);
    expect(isValidBtcpaySignature(body, undefined, 'secret')).toBe(false);
    expect(isValidBtcpaySignature(body, 'sha256=abc', 'secret')).toBe(false);
  });
});

describe('sandbox events (Stripe signing scheme)', () => {
  let now = new Date('2030-01-01T00:00:00Z');
  const gateway = createSandboxGateway({
    publicUrl: 'http://shop.test',
    webhookSecret: 'whsec_sandbox_test',
    clock: () => now,
    findOutcome: async () => 'open',
  });

  it('verifies what it signed and reads it as the payment it names', () => {
    const { body, signature } = gateway.signedEvent('sandbox.payment.succeeded', 'sbx_1');
    const event = gateway.readWebhook(Buffer.from(body), { 'sandbox-signature': signature });
    expect(event.action).toEqual({ kind: 'outcome', providerId: 'sbx_1', outcome: 'paid' });
  });

  it('refuses a changed body and a signature older than five minutes', () => {
    const { body, signature } = gateway.signedEvent('sandbox.payment.cancelled', 'sbx_2');
    expect(() =>
      gateway.readWebhook(Buffer.from(body.replace('sbx_2', 'sbx_3')), { 'sandbox-signature': signature }),
    ).toThrow(WebhookSignatureInvalid);
    now = new Date(now.getTime() + 301_000);
    expect(() => gateway.readWebhook(Buffer.from(body), { 'sandbox-signature': signature })).toThrow(
      WebhookSignatureInvalid,
    );
  });
});
