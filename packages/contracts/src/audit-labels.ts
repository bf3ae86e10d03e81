// How the audit trail reads to people (issue 34): 'Completed order #17', 'Confirmed payout #6 to
// Ironbark', 'Banned Ironbark'. The raw action and target stay in the event (the details view).

/**
 * Every recorded action: the verb that reads before its target ('Confirmed' payout #6), and the
 * action on its own for the action filter ('Confirmed a payout').
 */
export const AUDIT_ACTION_WORDS = {
  'account-hold:release': ['Released the hold on', 'Released an account hold'],
  'account:hold': ['Put a hold on', 'Held an account'],
  'classpath:update': ['Published', 'Published a classpath release'],
  'credits:adjust': ['Adjusted the credits of', 'Adjusted credits'],
  'credits:gift': ['Gave credits to', 'Gave credits'],
  'discount-code:create': ['Created', 'Created a discount code'],
  'discount-code:update': ['Updated', 'Updated a discount code'],
  'job:retry': ['Retried', 'Retried a job'],
  'loader:update': ['Published', 'Published a loader release'],
  'order:cancel': ['Cancelled', 'Cancelled an order'],
  'order:complete': ['Completed', 'Completed an order'],
  'order:dispute': ['Recorded a dispute on', 'Recorded a dispute'],
  'order:dispute-won': ['Won the dispute on', 'Won a dispute'],
  'order:needs-staff': ['Flagged for staff:', 'Flagged an order for staff'],
  'order:refund': ['Refunded', 'Refunded an order'],
  'order:resolve': ['Resolved', 'Resolved an order'],
  'payout:confirm': ['Confirmed', 'Confirmed a payout'],
  'payout:request': ['Requested', 'Requested a payout'],
  'plan:delete': ['Deleted', 'Deleted a plan'],
  'plan:hide': ['Hid or showed', 'Hid or showed a plan'],
  'plan:label': ['Relabelled', 'Relabelled a plan'],
  'plan:manage-access-list': ['Changed the access list of', 'Changed a plan access list'],
  'plan:toggle-enabled': ['Enabled or disabled', 'Enabled or disabled a plan'],
  'plan:update': ['Updated', 'Updated a plan'],
  'plugin:delete': ['Deleted', 'Deleted a plugin'],
  'plugin:update': ['Updated', 'Updated a plugin'],
  'price:create': ['Added', 'Added a price'],
  'price:delete': ['Deleted', 'Deleted a price'],
  'price:link-plugin': ['Linked plugins to', 'Linked plugins to a price'],
  'price:manage-access-list': ['Changed the access list of', 'Changed a price access list'],
  'price:remove-slots': ['Removed the slots of', 'Removed price slots'],
  'price:update': ['Updated', 'Updated a price'],
  'product:update': ['Updated', 'Updated a product'],
  'repo-update:manage': ['Changed', 'Changed a repository update'],
  'repository:approve': ['Approved', 'Approved a repository or jar'],
  'repository:delete': ['Deleted', 'Deleted a repository'],
  'repository:request-update': ['Requested an update of', 'Requested a repository update'],
  'repository:update': ['Updated', 'Updated a repository'],
  'session:clear-all': ['Cleared every session of', 'Cleared all sessions'],
  'session:delete': ['Deleted', 'Deleted a session'],
  'session:disconnect': ['Disconnected', 'Disconnected a session'],
  'session:kill': ['Killed', 'Killed a session'],
  'signing-key:create': ['Registered', 'Registered a signing key'],
  'signing-key:revoke': ['Revoked', 'Revoked a signing key'],
  'subscription:add-hours': ['Added hours to', 'Added hours'],
  'subscription:delete': ['Deleted', 'Deleted a subscription'],
  'subscription:disable-plugin': ['Switched a plugin of', 'Switched a plugin off or on'],
  'subscription:expire': ['Expired', 'Expired a subscription'],
  'subscription:pause': ['Paused', 'Paused a subscription'],
  'subscription:refund': ['Refunded', 'Refunded a subscription'],
  'subscription:unpause': ['Resumed', 'Resumed a subscription'],
  'user:add-vip': ['Gave VIP to', 'Gave VIP'],
  'user:ban': ['Banned', 'Banned an account'],
  'user:transfer-account': ['Transferred the account of', 'Transferred an account'],
  'user:unban': ['Unbanned', 'Unbanned an account'],
  'user:update': ['Updated', 'Updated an account'],
  'vote:cast': ['Cast', 'Cast a vote'],
} as const satisfies Record<string, readonly [verb: string, alone: string]>;

export type AuditAction = keyof typeof AUDIT_ACTION_WORDS;

const isKnown = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTION_WORDS, action);

/** The action filter's choices, in alphabetical order of what they say. */
export const AUDIT_ACTION_OPTIONS: readonly { value: AuditAction; label: string }[] = (
  Object.keys(AUDIT_ACTION_WORDS) as AuditAction[]
)
  .map((value) => ({ value, label: AUDIT_ACTION_WORDS[value][1] }))
  .sort((a, b) => a.label.localeCompare(b.label, 'en'));

/** An audit target kind in words: 'DISCOUNT_CODE' → 'Discount code'. */
export function targetKindLabel(kind: string): string {
  const words = kind.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One event in words. An account reads as its name ('Banned Ironbark'); anything else as its kind
 * and id, with the person it concerns when known ('Confirmed payout #6 to Ironbark'). An action
 * this list does not know yet reads as its code's words ('Order: archive order #3').
 */
export function auditEventLabel(event: {
  action: string;
  targetKind: string;
  targetId: string;
  /** The account's name for a USER target; the payee's for a PAYOUT (the server reads no others). */
  targetName: string | null;
}): string {
  const { action, targetKind, targetId, targetName } = event;
  const verb = isKnown(action)
    ? AUDIT_ACTION_WORDS[action][0]
    : `${targetKindLabel(action.replace(/:.*/, ''))}: ${action.replace(/^[^:]*:/, '').replaceAll('-', ' ')}`;
  if (targetKind === 'USER') return `${verb} ${targetName ?? `account #${targetId}`}`;
  const target = `${targetKindLabel(targetKind).toLowerCase()} #${targetId}`;
  return targetName ? `${verb} ${target} to ${targetName}` : `${verb} ${target}`;
}
