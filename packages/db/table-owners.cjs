// Which server module owns each schema file (its tables) and each db helper that reads them
// (decision 0035). Only the owner may import the file: .dependency-cruiser.cjs turns this into
// rules, and the docs test checks docs/architecture.md's data model against it (decision 0045).
module.exports = {
  'schema/audit.ts': 'audit',
  'schema/catalog.ts': 'catalog',
  'schema/client-access.ts': 'client-api',
  'schema/client-limits.ts': 'sessions',
  'schema/commerce.ts': 'commerce',
  'schema/delivery.ts': 'delivery',
  'schema/discount-codes.ts': 'discount-codes',
  'schema/notifications.ts': 'notifications',
  'schema/identity.ts': 'identity',
  'schema/payouts.ts': 'payouts',
  'schema/plugin-showcase.ts': 'delivery',
  'schema/reviews.ts': 'reviews',
  'schema/sessions.ts': 'sessions',
  'schema/settings.ts': 'votes',
  'schema/signing-keys.ts': 'signing-keys',
  'schema/subscriptions.ts': 'subscriptions',
  'schema/tuf.ts': 'tuf',
  'schema/users.ts': 'users',
  'schema/votes.ts': 'votes',
  'schema/wallet.ts': 'wallet',
  'predicates/active-subscription.ts': 'subscriptions',
};
