// What a real installation configures, with values of the right shape: production settings are
// refused without them (a chat provider, card and crypto processors). The tests of production mode
// start from these and change the one setting they are about.

/** A chat provider application, as its developer portal gives one. */
export const REALISTIC_DISCORD = {
  DISCORD_CLIENT_ID: '1234567890',
  DISCORD_CLIENT_SECRET: 'client-secret',
  DISCORD_GUILD_ID: '900000000000000001',
};

/** Live card and crypto processor credentials. */
export const REALISTIC_PROCESSORS = {
  STRIPE_SECRET_KEY: 'sk_live_51Realistic0Key',
  STRIPE_WEBHOOK_SECRET: 'whsec_realistic0secret',
  BTCPAY_URL: 'https://btcpay.example.com',
  BTCPAY_STORE_ID: 'store-1',
  BTCPAY_API_KEY: 'btcpay-api-key',
  BTCPAY_WEBHOOK_SECRET: 'btcpay-webhook-secret-0123',
};

/** A strong JWT secret, as an operator sets one. */
export const REALISTIC_JWT_SECRET = 'q7Vd2mX9pL4sR8tK1wZ6yB3nF0hJ5cG2';
