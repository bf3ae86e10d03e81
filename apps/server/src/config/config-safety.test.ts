import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REALISTIC_DISCORD, REALISTIC_PROCESSORS } from '../../test-support/production-config.ts';
import { parseEnv } from './env.ts';
import { JWT_SECRET_FILE, withJwtSecret } from './jwt-secret.ts';
import { choosePaymentProcessors, unofferedPaymentsMessage } from './payment-processors.ts';

// Issue 12: a server started with no configuration at all must be safe — the development sign-in
// reachable from this machine only, tokens signed with a secret nobody else knows.

const realDiscord = REALISTIC_DISCORD;
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db.internal:5432/store',
  ...realDiscord,
  ...REALISTIC_PROCESSORS,
};

const directories: string[] = [];
async function freshDataDir() {
  const directory = await mkdtemp(path.join(tmpdir(), 'ember-config-'));
  directories.push(directory);
  return path.join(directory, 'data');
}

afterEach(async () => {
  for (const directory of directories.splice(0)) await rm(directory, { recursive: true, force: true });
});

describe('with NODE_ENV unset', () => {
  it('listens on 127.0.0.1 only while the development sign-in is active', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1');
    expect(parseEnv({ HOST: '::1' }).HOST).toBe('::1');
    expect(() => parseEnv({ HOST: '0.0.0.0' })).toThrow(
      /HOST: must be 127\.0\.0\.1, ::1 or localhost while the development sign-in is active/,
    );
  });

  it('listens on every interface by default once a real sign-in provider is configured', () => {
    expect(parseEnv(realDiscord).HOST).toBe('0.0.0.0');
    expect(parseEnv({ ...realDiscord, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });

  // Issue 24, item 11: NODE_ENV forgotten with Discord configured gave free credits through the sandbox.
  it('offers no sandbox checkout once a real sign-in provider is configured, unless asked on a loopback HOST', () => {
    const reachable = parseEnv(realDiscord);
    expect(reachable.PAYMENTS_SANDBOX).toBe(false);
    expect(choosePaymentProcessors(reachable)).toEqual({ card: null, crypto: null });
    expect(unofferedPaymentsMessage(choosePaymentProcessors(reachable))).toMatch(
      /No processor for card payments .* nor crypto payments .*: those products are not offered/,
    );
    expect(() => parseEnv({ ...realDiscord, PAYMENTS_SANDBOX: 'true' })).toThrow(
      /PAYMENTS_SANDBOX: the sandbox checkout pays for nothing and is refused on HOST '0\.0\.0\.0'/,
    );
    expect(() => parseEnv({ ...realDiscord, PAYMENT_PROCESSOR_STRIPE: 'sandbox' })).toThrow(
      /PAYMENT_PROCESSOR_STRIPE: sandbox needs PAYMENTS_SANDBOX=true/,
    );
    const local = parseEnv({ ...realDiscord, HOST: '127.0.0.1', PAYMENTS_SANDBOX: 'true' });
    expect(choosePaymentProcessors(local)).toEqual({ card: 'sandbox', crypto: 'sandbox' });
  });

  it('keeps the sandbox for `npm start` with no configuration (development sign-in, loopback only)', () => {
    const env = parseEnv({});
    expect(env.PAYMENTS_SANDBOX).toBe(true);
    expect(choosePaymentProcessors(env)).toEqual({ card: 'sandbox', crypto: 'sandbox' });
    expect(parseEnv({ PAYMENTS_SANDBOX: 'false' }).PAYMENTS_SANDBOX).toBe(false);
  });

  it('seeds the demo data on the embedded default only, unless SEED_ON_EMPTY asks', () => {
    expect(parseEnv({}).SEED_ON_EMPTY).toBe(true);
    const server = { DATABASE_URL: 'postgres://db.internal:5432/store' };
    expect(parseEnv(server).SEED_ON_EMPTY).toBe(false);
    expect(parseEnv({ ...server, SEED_ON_EMPTY: 'true' }).SEED_ON_EMPTY).toBe(true);
    expect(parseEnv({ SEED_ON_EMPTY: 'false' }).SEED_ON_EMPTY).toBe(false);
  });

  // Issue 32, item 6: the demo data's OWNER row must never exist where real people sign in.
  it('seeds no demo data once a real Discord application is configured, and refuses to be asked to', () => {
    expect(parseEnv(realDiscord).SEED_ON_EMPTY).toBe(false);
    expect(() => parseEnv({ ...realDiscord, SEED_ON_EMPTY: 'true' })).toThrow(
      /SEED_ON_EMPTY: the demo data \(its owner account included\) is never seeded while a real Discord application is configured/,
    );
  });

  it('ships no default signing secret', () => {
    expect(parseEnv({}).JWT_SECRET).toBeUndefined();
  });

  it('generates a random secret on first start, keeps it in DATA_DIR, and reuses it after a restart', async () => {
    const dataDir = await freshDataDir();
    const first = await withJwtSecret(parseEnv({ DATA_DIR: dataDir }));
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, JWT_SECRET_FILE);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.JWT_SECRET);
    expect((await stat(file)).mode & 0o077).toBe(0);

    const restarted = await withJwtSecret(parseEnv({ DATA_DIR: dataDir }));
    expect(restarted.JWT_SECRET).toBe(first.JWT_SECRET);

    const otherInstallation = await withJwtSecret(parseEnv({ DATA_DIR: await freshDataDir() }));
    expect(otherInstallation.JWT_SECRET).not.toBe(first.JWT_SECRET);
  });

  it('uses JWT_SECRET when it is set and writes nothing', async () => {
    const dataDir = await freshDataDir();
    const secret = randomBytes(32).toString('base64url');
    const env = await withJwtSecret(parseEnv({ DATA_DIR: dataDir, JWT_SECRET: secret }));
    expect(env.JWT_SECRET).toBe(secret);
    await expect(stat(dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('production', () => {
  it('refuses an obviously weak JWT_SECRET', () => {
    const weakOnes = [
      'a'.repeat(64),
      'passwordpasswordpasswordpassword',
      '01234567'.repeat(4),
      // Issue 24, item 14: every character distinct (an estimate of 160 bits), yet a typed sequence or a phrase.
      'abcdefghijklmnopqrstuvwxyz012345',
      'change-me-to-a-long-random-secret-value',
      'ZYXWVUTSRQPONMLKJIHGFEDCBA987654',
      'qwertyuiopasdfghjklzxcvbnm123456',
      'k3Y9-my_jwt_SECRET-for-prod-2026-v1',
      'correct horse battery staple and more words',
      'Change_Me_Before_Going_Live_Please',
    ];
    for (const weak of weakOnes) {
      expect(() => parseEnv({ ...production, JWT_SECRET: weak }), weak).toThrow(
        /JWT_SECRET: is too easy to guess/,
      );
    }
  });

  it('accepts a random secret', () => {
    // 128 random bits whose hex digits happen to be uneven (estimate 93 bits): refused 1 run in 20 before.
    const secrets = ['5c730c3c0af57fff2220ff32f352122c'];
    // Random base64url with no digit and two separators: once read as a phrase (1 run in 20 failed).
    secrets.push('kQzT-wXbYvLmRfHn_PaJsDcEgUiOtKyWqZxVbNmLkJh');
    secrets.push(randomBytes(32).toString('base64'), randomBytes(32).toString('hex'));
    for (let i = 0; i < 200; i++) secrets.push(randomBytes(16).toString('hex'));
    for (let i = 0; i < 200; i++) secrets.push(randomBytes(32).toString('base64url'));
    for (const secret of secrets) {
      expect(parseEnv({ ...production, JWT_SECRET: secret }).JWT_SECRET).toBe(secret);
    }
  });

  it('refuses the sandbox payment processor and the Stripe test fake', () => {
    const { STRIPE_SECRET_KEY: _key, STRIPE_WEBHOOK_SECRET: _secret, ...withoutStripe } = production;
    const secret = randomBytes(32).toString('base64');
    // Without Stripe keys card products are simply not offered; the sandbox never stands in.
    expect(choosePaymentProcessors(parseEnv({ ...withoutStripe, JWT_SECRET: secret }))).toEqual({
      card: null,
      crypto: 'btcpay',
    });
    expect(() =>
      parseEnv({ ...withoutStripe, JWT_SECRET: secret, HOST: '127.0.0.1', PAYMENTS_SANDBOX: 'true' }),
    ).toThrow(/PAYMENTS_SANDBOX: the sandbox payment processor is refused in production/);
    expect(() =>
      parseEnv({
        ...production,
        JWT_SECRET: randomBytes(32).toString('base64'),
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }),
    ).toThrow(/STRIPE_API_BASE: points the Stripe SDK away from Stripe/);
  });

  it('needs both Stripe keys once Stripe is chosen, in any mode', () => {
    expect(() => parseEnv({ PAYMENT_PROCESSOR_STRIPE: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: is required for the Stripe processor[\s\S]*STRIPE_WEBHOOK_SECRET: is required/,
    );
    expect(() => parseEnv({ BTCPAY_URL: 'https://btcpay.example.com' })).toThrow(
      /BTCPAY_STORE_ID: is required/,
    );
  });
});
