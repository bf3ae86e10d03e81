import { ROLES, type Role } from './enums.ts';

/**
 * The authorization catalogue, shared by the server's policy (apps/server/src/policy/policy.ts, which
 * decides every request with it) and the web app (which shows a page, a menu link or a control only
 * to whom the server would allow it). No zod here: the web shell imports it.
 */

/**
 * Who may do an action. A signed-in caller is granted by the first match, in this order: `self`
 * (the resource's `userId` is the caller), `owner` (its `ownerId` is the caller), then `any`
 * (on anything, or with no resource at all). `guest` opens the action to everyone.
 * Every signed-in account counts as a CUSTOMER, and a PREMIUM_DEVELOPER as a DEVELOPER (`effectiveRoles` below).
 */
export interface Rule {
  readonly guest?: true;
  readonly self?: readonly Role[];
  readonly owner?: readonly Role[];
  readonly any?: readonly Role[];
}

const ownerOrAdmin = { owner: ['DEVELOPER'], any: ['ADMIN'] } as const satisfies Rule;
const adminOnly = { any: ['ADMIN'] } as const satisfies Rule;
const anyCustomer = { any: ['CUSTOMER'] } as const satisfies Rule;

/**
 * The action catalogue: every rule of spec §6 and DESIGN §4, including the resources later issues
 * build (orders, payouts, repositories, session logs, exports, products, users). Resource shapes:
 * `{ ownerId }` is the developer owning a plan, price (its plan's owner), repository or plugin; for a
 * subscription it is the owner of its plan. `{ userId }` is the account a thing belongs to: a
 * subscription's holder, an order's buyer, a payout's developer, a session's user, a user record.
 */
export const POLICY = {
  // Guests browse the landing page, shop, plan pages and documents (spec §6 Guests).
  'catalog:browse': { guest: true },

  // Signed-in users (spec §6 Logged-in users).
  /** Who a Discord id is (username and display name only), before a gift or credit transfer to it. */
  'user:lookup': anyCustomer,
  'subscription:purchase': anyCustomer,
  'subscription:gift': anyCustomer,
  'subscription:read': { self: ['CUSTOMER'], owner: ['DEVELOPER'], any: ['ADMIN'] },
  'subscription:extend': { self: ['CUSTOMER'] },
  'subscription:pause': { self: ['CUSTOMER'], any: ['ADMIN'] },
  'subscription:unpause': { self: ['CUSTOMER'], any: ['ADMIN'] },
  /** Switch a plugin of the subscription off or on again (spec §3 Disabled plugin link). */
  'subscription:disable-plugin': { self: ['CUSTOMER'], any: ['ADMIN'] },
  'credits:gift': anyCustomer,
  'transaction:read': { self: ['CUSTOMER'], any: ['ADMIN'] },
  /** Every ledger entry, searchable (the admin panel). */
  'transaction:list': adminOnly,
  'order:create': anyCustomer,
  'order:pay': { self: ['CUSTOMER'] },
  /** The buyer cancels their own order before it is paid (issue 26): stock released, checkout closed. */
  'order:cancel': { self: ['CUSTOMER'] },
  'vote:cast': anyCustomer,
  /** One's own notification centre (issue 35): read, mark read, choose Discord direct messages. */
  'notification:read': { self: ['CUSTOMER'] },
  'notification:update': { self: ['CUSTOMER'] },
  /** Rate and review a plan (issue 35); the service also asks for a subscription to it and a run of its plugins. */
  'review:write': anyCustomer,
  /** Edit one's own review. */
  'review:edit': { self: ['CUSTOMER'] },
  /** The plan's developer answers a review of it, once. */
  'review:answer': { owner: ['DEVELOPER'] },
  /** Hide a review with a reason (audited); its author still sees it and why. */
  'review:hide': { any: ['STAFF', 'ADMIN'] },
  'client-session:open': anyCustomer,
  /** The game client (client-token routes, docs/client-api.md): the caller's own manifest, downloads and sessions. */
  'client-manifest:read': { self: ['CUSTOMER'] },
  'client-download:create': { self: ['CUSTOMER'] },
  'client-session:read': { self: ['CUSTOMER'] },
  'client-session:heartbeat': { self: ['CUSTOMER'] },
  'client-session:close': { self: ['CUSTOMER'] },
  /** The website's side of client sign-in: approve or deny a device code, list and revoke one's client tokens. */
  'device:approve': anyCustomer,
  'client-token:read': { self: ['CUSTOMER'] },
  'client-token:revoke': { self: ['CUSTOMER'] },
  'session:read': { self: ['CUSTOMER'], any: ['STAFF', 'ADMIN'] },
  'session:delete': { self: ['CUSTOMER'], any: ['ADMIN'] },
  /** Spec §6: the session logs API needs STAFF (the screen itself has no role check); admins too. */
  'session-log:read': { any: ['STAFF', 'ADMIN'] },

  // Developers: their plans, prices, lists, codes, repositories and subscribers; admins any (spec §6).
  'plan:create': { any: ['DEVELOPER'] },
  /** The Dev Panel: the caller's own plans and their prices, hidden and disabled ones included. */
  'plan:list-own': { any: ['DEVELOPER'] },
  /** Seeing a plan's or price's unlisted state and hidden numbers: its owner, whatever their roles. */
  'plan:read-private': { owner: ['CUSTOMER'], any: ['ADMIN'] },
  'plan:update': ownerOrAdmin,
  'plan:delete': ownerOrAdmin,
  'plan:hide': ownerOrAdmin,
  'plan:label': ownerOrAdmin,
  'plan:manage-access-list': ownerOrAdmin,
  /** Resource: the plan the price is added to. */
  'price:create': ownerOrAdmin,
  'price:update': ownerOrAdmin,
  'price:delete': ownerOrAdmin,
  'price:remove-slots': ownerOrAdmin,
  'price:manage-access-list': ownerOrAdmin,
  'price:read-stats': ownerOrAdmin,
  'price:link-plugin': ownerOrAdmin,
  'discount-code:read': ownerOrAdmin,
  'discount-code:create': ownerOrAdmin,
  'discount-code:update': ownerOrAdmin,
  /** The subscriptions of a plan or price. */
  'subscription:list': ownerOrAdmin,
  'subscription:expire': ownerOrAdmin,
  'subscription:add-hours': ownerOrAdmin,
  'subscription:refund': ownerOrAdmin,
  'subscription:delete': ownerOrAdmin,
  'repository:create': { any: ['DEVELOPER'] },
  'repository:read': ownerOrAdmin,
  'repository:update': ownerOrAdmin,
  'repository:delete': ownerOrAdmin,
  'repository:request-update': ownerOrAdmin,
  'plugin:update': ownerOrAdmin,
  'plugin:delete': ownerOrAdmin,
  /** A developer's release-signing keys (issue 32): their own list and revocation; admins any developer's. */
  'signing-key:read': { self: ['DEVELOPER'], any: ['ADMIN'] },
  'signing-key:create': { any: ['DEVELOPER'] },
  'signing-key:revoke': { self: ['DEVELOPER'], any: ['ADMIN'] },

  // Premium developers request and see their payouts; the owner confirms them (spec §6, DESIGN §4).
  'payout:request': { any: ['PREMIUM_DEVELOPER'] },
  'payout:read': { self: ['PREMIUM_DEVELOPER'], any: ['OWNER'] },
  'payout:confirm': { any: ['OWNER'] },
  /** A developer's own earnings card and monthly numbers (revenue, active subscribers); the owner anyone's. */
  'developer-stats:read': { self: ['DEVELOPER'], any: ['OWNER'] },
  'export:balances': { any: ['OWNER'] },
  'export:payouts': { any: ['OWNER'] },

  // Payments staff: orders dashboard, complete orders (spec §6 Payments).
  // Admins may refund orders, so they read them too (issue 24, item 14).
  'order:read': { self: ['CUSTOMER'], any: ['PAYMENTS', 'ADMIN'] },
  /** The orders dashboard: every order, and how many need staff. */
  'order:list': { any: ['PAYMENTS'] },
  'order:complete': { any: ['PAYMENTS'] },
  /** Clear an order's "needs staff" flag once staff settled it (issue 24, item 3). */
  'order:resolve': { any: ['PAYMENTS'] },
  /** Record a refund made at the processor outside a webhook (BTCPay refunds, returned GP trades). */
  'order:refund': { any: ['PAYMENTS', 'ADMIN'] },
  /** Accounts held after a dispute: list them and release them after review. */
  'account-hold:read': { any: ['PAYMENTS', 'ADMIN'] },
  'account-hold:release': { any: ['PAYMENTS', 'ADMIN'] },

  // Admins (spec §6 Admin).
  'plan:toggle-enabled': adminOnly,
  'product:update': adminOnly,
  /** The admins' users table (GET /users): every account, searchable. */
  'user:list': adminOnly,
  /** One account as the admin panel shows it: earnings, hold, transfer (an account reads itself through /users/me). */
  'user:read': adminOnly,
  'user:update': adminOnly,
  'user:ban': adminOnly,
  'user:add-vip': adminOnly,
  'user:transfer-account': adminOnly,
  /** Banning, editing or transferring an account that holds the OWNER role: the owner's alone. */
  'user:manage-owner': { any: ['OWNER'] },
  'credits:adjust': adminOnly,
  'session:kill': adminOnly,
  'session:disconnect': adminOnly,
  'session:clear-all': adminOnly,
  'repository:approve': adminOnly,
  /** The approved repositories and dependency jars: developers read them to know what they may bundle. */
  'approved-list:read': { any: ['DEVELOPER', 'ADMIN'] },
  'repo-update:manage': adminOnly,
  'loader:update': adminOnly,
  'classpath:update': adminOnly,
  'audit:read': adminOnly,
  /** The books' trial balance (every account's total) on the admin panel. */
  'ledger:read': adminOnly,
  /** The background jobs that failed after their last retry. */
  'job:read': adminOnly,
  /** Put a background job that used up its retries back in its queue. */
  'job:retry': adminOnly,
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof POLICY;

export const ACTIONS = Object.keys(POLICY) as Action[];

/**
 * The roles a principal acts with: every signed-in account is a customer (spec §6 My Account), and a
 * premium developer is a developer who may also request payouts ("also", spec §6).
 */
export function effectiveRoles(roles: readonly Role[]): ReadonlySet<Role> {
  const effective = new Set<Role>(['CUSTOMER', ...roles]);
  if (effective.has('PREMIUM_DEVELOPER')) effective.add('DEVELOPER');
  return effective;
}

/** Whose the resource is, from the caller's side: their own account's (`self`), their own as developer (`owner`). */
export interface Whose {
  self?: boolean;
  owner?: boolean;
}

const firstHeld = (wanted: readonly Role[] | undefined, held: ReadonlySet<Role>) =>
  wanted?.find((role) => held.has(role));

/**
 * The role a signed-in caller holding `roles` is allowed the action by, on a resource that is
 * `whose` theirs (nothing: someone else's, or no resource at all); undefined when refused.
 */
export function grantingRole(action: Action, roles: readonly Role[], whose: Whose = {}): Role | undefined {
  const rule: Rule = POLICY[action];
  const held = effectiveRoles(roles);
  return (
    (whose.self ? firstHeld(rule.self, held) : undefined) ??
    (whose.owner ? firstHeld(rule.owner, held) : undefined) ??
    firstHeld(rule.any, held)
  );
}

/** Whether a signed-in caller holding `roles` may do the action on a resource that is `whose` theirs. */
export const allows = (roles: readonly Role[], action: Action, whose?: Whose): boolean =>
  grantingRole(action, roles, whose) !== undefined;

/** The roles the rule names: a caller holding one of them could be allowed the action on some resource. */
export function rolesOfRule(action: Action): Role[] {
  const rule: Rule = POLICY[action];
  return [...new Set<Role>([...(rule.self ?? []), ...(rule.owner ?? []), ...(rule.any ?? [])])];
}

/**
 * Every role whose holder could be allowed the action on some resource, counting what a role acts as
 * (a premium developer is a developer): what a page or menu link gated by the action asks of a user.
 */
export function rolesAllowedTo(action: Action): Role[] {
  const named = rolesOfRule(action);
  return ROLES.filter((role) => [...effectiveRoles([role])].some((acting) => named.includes(acting)));
}
