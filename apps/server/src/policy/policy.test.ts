import type { Role } from '@ember/contracts/enums';
import { ACTIONS, type Action, effectiveRoles } from '@ember/contracts/policy';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import type { Principal } from './identity.ts';
import { authorize, can, decide, isStaffAction, type Resource, routeAccess } from './policy.ts';
import { REFUSAL_MESSAGES } from './refusals.ts';

/**
 * Every action for a caller holding exactly one role (or none: a guest), on their own resource, on
 * another account's, and with no resource. A cell holds the role that allows the action (upper case;
 * GUEST for a signed-out caller), or why it is refused (lower case): `login` (sign in first),
 * `role` (no role of the caller allows it), `yours` (allowed only on their own).
 * "own" means the caller is both the resource's `ownerId` and its `userId`.
 */
const EXPECTED = `
action                    whose guest CUSTOMER VIP      DEVELOPER PREMIUM_DEVELOPER STAFF    PAYMENTS ADMIN    OWNER
catalog:browse            own   GUEST CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
catalog:browse            other GUEST CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
catalog:browse            n/a   GUEST CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
user:lookup               own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
user:lookup               other login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
user:lookup               n/a   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
subscription:purchase     own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
subscription:purchase     other login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
subscription:purchase     n/a   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
subscription:gift         own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
subscription:gift         other login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
subscription:gift         n/a   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
subscription:read         own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
subscription:read         other login yours    yours    yours     yours             yours    yours    ADMIN    yours
subscription:read         n/a   login role     role     role      role              role     role     ADMIN    role
subscription:extend       own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
subscription:extend       other login yours    yours    yours     yours             yours    yours    yours    yours
subscription:extend       n/a   login role     role     role      role              role     role     role     role
subscription:pause        own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
subscription:pause        other login yours    yours    yours     yours             yours    yours    ADMIN    yours
subscription:pause        n/a   login role     role     role      role              role     role     ADMIN    role
subscription:unpause      own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
subscription:unpause      other login yours    yours    yours     yours             yours    yours    ADMIN    yours
subscription:unpause      n/a   login role     role     role      role              role     role     ADMIN    role
subscription:disable-plugin own login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
subscription:disable-plugin other login yours  yours    yours     yours             yours    yours    ADMIN    yours
subscription:disable-plugin n/a login role     role     role      role              role     role     ADMIN    role
credits:gift              own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
credits:gift              other login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
credits:gift              n/a   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
transaction:read          own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
transaction:read          other login yours    yours    yours     yours             yours    yours    ADMIN    yours
transaction:read          n/a   login role     role     role      role              role     role     ADMIN    role
transaction:list          own   login role     role     role      role              role     role     ADMIN    role
transaction:list          other login role     role     role      role              role     role     ADMIN    role
transaction:list          n/a   login role     role     role      role              role     role     ADMIN    role
order:create              own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
order:create              other login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
order:create              n/a   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
order:pay                 own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
order:pay                 other login yours    yours    yours     yours             yours    yours    yours    yours
order:pay                 n/a   login role     role     role      role              role     role     role     role
order:cancel              own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
order:cancel              other login yours    yours    yours     yours             yours    yours    yours    yours
order:cancel              n/a   login role     role     role      role              role     role     role     role
vote:cast                 own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
vote:cast                 other login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
vote:cast                 n/a   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
client-session:open       own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
client-session:open       other login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
client-session:open       n/a   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
client-manifest:read      own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
client-manifest:read      other login yours    yours    yours     yours             yours    yours    yours    yours
client-manifest:read      n/a   login role     role     role      role              role     role     role     role
client-download:create    own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
client-download:create    other login yours    yours    yours     yours             yours    yours    yours    yours
client-download:create    n/a   login role     role     role      role              role     role     role     role
client-session:read       own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
client-session:read       other login yours    yours    yours     yours             yours    yours    yours    yours
client-session:read       n/a   login role     role     role      role              role     role     role     role
client-session:heartbeat  own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
client-session:heartbeat  other login yours    yours    yours     yours             yours    yours    yours    yours
client-session:heartbeat  n/a   login role     role     role      role              role     role     role     role
client-session:close      own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
client-session:close      other login yours    yours    yours     yours             yours    yours    yours    yours
client-session:close      n/a   login role     role     role      role              role     role     role     role
device:approve            own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
device:approve            other login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
device:approve            n/a   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
client-token:read         own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
client-token:read         other login yours    yours    yours     yours             yours    yours    yours    yours
client-token:read         n/a   login role     role     role      role              role     role     role     role
client-token:revoke       own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
client-token:revoke       other login yours    yours    yours     yours             yours    yours    yours    yours
client-token:revoke       n/a   login role     role     role      role              role     role     role     role
session:read              own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
session:read              other login yours    yours    yours     yours             STAFF    yours    ADMIN    yours
session:read              n/a   login role     role     role      role              STAFF    role     ADMIN    role
session:delete            own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
session:delete            other login yours    yours    yours     yours             yours    yours    ADMIN    yours
session:delete            n/a   login role     role     role      role              role     role     ADMIN    role
session-log:read          own   login role     role     role      role              STAFF    role     ADMIN    role
session-log:read          other login role     role     role      role              STAFF    role     ADMIN    role
session-log:read          n/a   login role     role     role      role              STAFF    role     ADMIN    role
plan:create               own   login role     role     DEVELOPER DEVELOPER         role     role     role     role
plan:create               other login role     role     DEVELOPER DEVELOPER         role     role     role     role
plan:create               n/a   login role     role     DEVELOPER DEVELOPER         role     role     role     role
plan:list-own             own   login role     role     DEVELOPER DEVELOPER         role     role     role     role
plan:list-own             other login role     role     DEVELOPER DEVELOPER         role     role     role     role
plan:list-own             n/a   login role     role     DEVELOPER DEVELOPER         role     role     role     role
plan:read-private         own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
plan:read-private         other login yours    yours    yours     yours             yours    yours    ADMIN    yours
plan:read-private         n/a   login role     role     role      role              role     role     ADMIN    role
plan:update               own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
plan:update               other login role     role     yours     yours             role     role     ADMIN    role
plan:update               n/a   login role     role     role      role              role     role     ADMIN    role
plan:delete               own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
plan:delete               other login role     role     yours     yours             role     role     ADMIN    role
plan:delete               n/a   login role     role     role      role              role     role     ADMIN    role
plan:hide                 own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
plan:hide                 other login role     role     yours     yours             role     role     ADMIN    role
plan:hide                 n/a   login role     role     role      role              role     role     ADMIN    role
plan:label                own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
plan:label                other login role     role     yours     yours             role     role     ADMIN    role
plan:label                n/a   login role     role     role      role              role     role     ADMIN    role
plan:manage-access-list   own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
plan:manage-access-list   other login role     role     yours     yours             role     role     ADMIN    role
plan:manage-access-list   n/a   login role     role     role      role              role     role     ADMIN    role
price:create              own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
price:create              other login role     role     yours     yours             role     role     ADMIN    role
price:create              n/a   login role     role     role      role              role     role     ADMIN    role
price:update              own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
price:update              other login role     role     yours     yours             role     role     ADMIN    role
price:update              n/a   login role     role     role      role              role     role     ADMIN    role
price:delete              own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
price:delete              other login role     role     yours     yours             role     role     ADMIN    role
price:delete              n/a   login role     role     role      role              role     role     ADMIN    role
price:remove-slots        own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
price:remove-slots        other login role     role     yours     yours             role     role     ADMIN    role
price:remove-slots        n/a   login role     role     role      role              role     role     ADMIN    role
price:manage-access-list  own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
price:manage-access-list  other login role     role     yours     yours             role     role     ADMIN    role
price:manage-access-list  n/a   login role     role     role      role              role     role     ADMIN    role
price:read-stats          own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
price:read-stats          other login role     role     yours     yours             role     role     ADMIN    role
price:read-stats          n/a   login role     role     role      role              role     role     ADMIN    role
price:link-plugin         own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
price:link-plugin         other login role     role     yours     yours             role     role     ADMIN    role
price:link-plugin         n/a   login role     role     role      role              role     role     ADMIN    role
discount-code:read        own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
discount-code:read        other login role     role     yours     yours             role     role     ADMIN    role
discount-code:read        n/a   login role     role     role      role              role     role     ADMIN    role
discount-code:create      own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
discount-code:create      other login role     role     yours     yours             role     role     ADMIN    role
discount-code:create      n/a   login role     role     role      role              role     role     ADMIN    role
discount-code:update      own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
discount-code:update      other login role     role     yours     yours             role     role     ADMIN    role
discount-code:update      n/a   login role     role     role      role              role     role     ADMIN    role
subscription:list         own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
subscription:list         other login role     role     yours     yours             role     role     ADMIN    role
subscription:list         n/a   login role     role     role      role              role     role     ADMIN    role
subscription:expire       own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
subscription:expire       other login role     role     yours     yours             role     role     ADMIN    role
subscription:expire       n/a   login role     role     role      role              role     role     ADMIN    role
subscription:add-hours    own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
subscription:add-hours    other login role     role     yours     yours             role     role     ADMIN    role
subscription:add-hours    n/a   login role     role     role      role              role     role     ADMIN    role
subscription:refund       own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
subscription:refund       other login role     role     yours     yours             role     role     ADMIN    role
subscription:refund       n/a   login role     role     role      role              role     role     ADMIN    role
subscription:delete       own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
subscription:delete       other login role     role     yours     yours             role     role     ADMIN    role
subscription:delete       n/a   login role     role     role      role              role     role     ADMIN    role
repository:create         own   login role     role     DEVELOPER DEVELOPER         role     role     role     role
repository:create         other login role     role     DEVELOPER DEVELOPER         role     role     role     role
repository:create         n/a   login role     role     DEVELOPER DEVELOPER         role     role     role     role
repository:read           own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
repository:read           other login role     role     yours     yours             role     role     ADMIN    role
repository:read           n/a   login role     role     role      role              role     role     ADMIN    role
repository:update         own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
repository:update         other login role     role     yours     yours             role     role     ADMIN    role
repository:update         n/a   login role     role     role      role              role     role     ADMIN    role
repository:delete         own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
repository:delete         other login role     role     yours     yours             role     role     ADMIN    role
repository:delete         n/a   login role     role     role      role              role     role     ADMIN    role
repository:request-update own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
repository:request-update other login role     role     yours     yours             role     role     ADMIN    role
repository:request-update n/a   login role     role     role      role              role     role     ADMIN    role
plugin:update             own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
plugin:update             other login role     role     yours     yours             role     role     ADMIN    role
plugin:update             n/a   login role     role     role      role              role     role     ADMIN    role
plugin:delete             own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
plugin:delete             other login role     role     yours     yours             role     role     ADMIN    role
plugin:delete             n/a   login role     role     role      role              role     role     ADMIN    role
signing-key:read          own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
signing-key:read          other login role     role     yours     yours             role     role     ADMIN    role
signing-key:read          n/a   login role     role     role      role              role     role     ADMIN    role
signing-key:create        own   login role     role     DEVELOPER DEVELOPER         role     role     role     role
signing-key:create        other login role     role     DEVELOPER DEVELOPER         role     role     role     role
signing-key:create        n/a   login role     role     DEVELOPER DEVELOPER         role     role     role     role
signing-key:revoke        own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
signing-key:revoke        other login role     role     yours     yours             role     role     ADMIN    role
signing-key:revoke        n/a   login role     role     role      role              role     role     ADMIN    role
payout:request            own   login role     role     role      PREMIUM_DEVELOPER role     role     role     role
payout:request            other login role     role     role      PREMIUM_DEVELOPER role     role     role     role
payout:request            n/a   login role     role     role      PREMIUM_DEVELOPER role     role     role     role
payout:read               own   login role     role     role      PREMIUM_DEVELOPER role     role     role     OWNER
payout:read               other login role     role     role      yours             role     role     role     OWNER
payout:read               n/a   login role     role     role      role              role     role     role     OWNER
payout:confirm            own   login role     role     role      role              role     role     role     OWNER
payout:confirm            other login role     role     role      role              role     role     role     OWNER
payout:confirm            n/a   login role     role     role      role              role     role     role     OWNER
developer-stats:read      own   login role     role     DEVELOPER DEVELOPER         role     role     role     OWNER
developer-stats:read      other login role     role     yours     yours             role     role     role     OWNER
developer-stats:read      n/a   login role     role     role      role              role     role     role     OWNER
export:balances           own   login role     role     role      role              role     role     role     OWNER
export:balances           other login role     role     role      role              role     role     role     OWNER
export:balances           n/a   login role     role     role      role              role     role     role     OWNER
export:payouts            own   login role     role     role      role              role     role     role     OWNER
export:payouts            other login role     role     role      role              role     role     role     OWNER
export:payouts            n/a   login role     role     role      role              role     role     role     OWNER
order:read                own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
order:read                other login yours    yours    yours     yours             yours    PAYMENTS ADMIN    yours
order:read                n/a   login role     role     role      role              role     PAYMENTS ADMIN    role
order:list                own   login role     role     role      role              role     PAYMENTS role     role
order:list                other login role     role     role      role              role     PAYMENTS role     role
order:list                n/a   login role     role     role      role              role     PAYMENTS role     role
order:complete            own   login role     role     role      role              role     PAYMENTS role     role
order:complete            other login role     role     role      role              role     PAYMENTS role     role
order:complete            n/a   login role     role     role      role              role     PAYMENTS role     role
order:resolve             own   login role     role     role      role              role     PAYMENTS role     role
order:resolve             other login role     role     role      role              role     PAYMENTS role     role
order:resolve             n/a   login role     role     role      role              role     PAYMENTS role     role
order:refund              own   login role     role     role      role              role     PAYMENTS ADMIN    role
order:refund              other login role     role     role      role              role     PAYMENTS ADMIN    role
order:refund              n/a   login role     role     role      role              role     PAYMENTS ADMIN    role
account-hold:read         own   login role     role     role      role              role     PAYMENTS ADMIN    role
account-hold:read         other login role     role     role      role              role     PAYMENTS ADMIN    role
account-hold:read         n/a   login role     role     role      role              role     PAYMENTS ADMIN    role
account-hold:release      own   login role     role     role      role              role     PAYMENTS ADMIN    role
account-hold:release      other login role     role     role      role              role     PAYMENTS ADMIN    role
account-hold:release      n/a   login role     role     role      role              role     PAYMENTS ADMIN    role
plan:toggle-enabled       own   login role     role     role      role              role     role     ADMIN    role
plan:toggle-enabled       other login role     role     role      role              role     role     ADMIN    role
plan:toggle-enabled       n/a   login role     role     role      role              role     role     ADMIN    role
product:update            own   login role     role     role      role              role     role     ADMIN    role
product:update            other login role     role     role      role              role     role     ADMIN    role
product:update            n/a   login role     role     role      role              role     role     ADMIN    role
user:list                 own   login role     role     role      role              role     role     ADMIN    role
user:list                 other login role     role     role      role              role     role     ADMIN    role
user:list                 n/a   login role     role     role      role              role     role     ADMIN    role
user:read                 own   login role     role     role      role              role     role     ADMIN    role
user:read                 other login role     role     role      role              role     role     ADMIN    role
user:read                 n/a   login role     role     role      role              role     role     ADMIN    role
user:update               own   login role     role     role      role              role     role     ADMIN    role
user:update               other login role     role     role      role              role     role     ADMIN    role
user:update               n/a   login role     role     role      role              role     role     ADMIN    role
user:ban                  own   login role     role     role      role              role     role     ADMIN    role
user:ban                  other login role     role     role      role              role     role     ADMIN    role
user:ban                  n/a   login role     role     role      role              role     role     ADMIN    role
user:add-vip              own   login role     role     role      role              role     role     ADMIN    role
user:add-vip              other login role     role     role      role              role     role     ADMIN    role
user:add-vip              n/a   login role     role     role      role              role     role     ADMIN    role
user:transfer-account     own   login role     role     role      role              role     role     ADMIN    role
user:transfer-account     other login role     role     role      role              role     role     ADMIN    role
user:transfer-account     n/a   login role     role     role      role              role     role     ADMIN    role
user:manage-owner         own   login role     role     role      role              role     role     role     OWNER
user:manage-owner         other login role     role     role      role              role     role     role     OWNER
user:manage-owner         n/a   login role     role     role      role              role     role     role     OWNER
credits:adjust            own   login role     role     role      role              role     role     ADMIN    role
credits:adjust            other login role     role     role      role              role     role     ADMIN    role
credits:adjust            n/a   login role     role     role      role              role     role     ADMIN    role
session:kill              own   login role     role     role      role              role     role     ADMIN    role
session:kill              other login role     role     role      role              role     role     ADMIN    role
session:kill              n/a   login role     role     role      role              role     role     ADMIN    role
session:disconnect        own   login role     role     role      role              role     role     ADMIN    role
session:disconnect        other login role     role     role      role              role     role     ADMIN    role
session:disconnect        n/a   login role     role     role      role              role     role     ADMIN    role
session:clear-all         own   login role     role     role      role              role     role     ADMIN    role
session:clear-all         other login role     role     role      role              role     role     ADMIN    role
session:clear-all         n/a   login role     role     role      role              role     role     ADMIN    role
repository:approve        own   login role     role     role      role              role     role     ADMIN    role
repository:approve        other login role     role     role      role              role     role     ADMIN    role
repository:approve        n/a   login role     role     role      role              role     role     ADMIN    role
approved-list:read        own   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
approved-list:read        other login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
approved-list:read        n/a   login role     role     DEVELOPER DEVELOPER         role     role     ADMIN    role
repo-update:manage        own   login role     role     role      role              role     role     ADMIN    role
repo-update:manage        other login role     role     role      role              role     role     ADMIN    role
repo-update:manage        n/a   login role     role     role      role              role     role     ADMIN    role
loader:update             own   login role     role     role      role              role     role     ADMIN    role
loader:update             other login role     role     role      role              role     role     ADMIN    role
loader:update             n/a   login role     role     role      role              role     role     ADMIN    role
classpath:update          own   login role     role     role      role              role     role     ADMIN    role
classpath:update          other login role     role     role      role              role     role     ADMIN    role
classpath:update          n/a   login role     role     role      role              role     role     ADMIN    role
audit:read                own   login role     role     role      role              role     role     ADMIN    role
audit:read                other login role     role     role      role              role     role     ADMIN    role
audit:read                n/a   login role     role     role      role              role     role     ADMIN    role
ledger:read               own   login role     role     role      role              role     role     ADMIN    role
ledger:read               other login role     role     role      role              role     role     ADMIN    role
ledger:read               n/a   login role     role     role      role              role     role     ADMIN    role
job:read                  own   login role     role     role      role              role     role     ADMIN    role
job:read                  other login role     role     role      role              role     role     ADMIN    role
job:read                  n/a   login role     role     role      role              role     role     ADMIN    role
job:retry                 own   login role     role     role      role              role     role     ADMIN    role
job:retry                 other login role     role     role      role              role     role     ADMIN    role
job:retry                 n/a   login role     role     role      role              role     role     ADMIN    role
notification:read         own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
notification:read         other login yours    yours    yours     yours             yours    yours    yours    yours
notification:read         n/a   login role     role     role      role              role     role     role     role
notification:update       own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
notification:update       other login yours    yours    yours     yours             yours    yours    yours    yours
notification:update       n/a   login role     role     role      role              role     role     role     role
review:answer             own   login role     role     DEVELOPER DEVELOPER         role     role     role     role
review:answer             other login role     role     yours     yours             role     role     role     role
review:answer             n/a   login role     role     role      role              role     role     role     role
review:edit               own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
review:edit               other login yours    yours    yours     yours             yours    yours    yours    yours
review:edit               n/a   login role     role     role      role              role     role     role     role
review:hide               own   login role     role     role      role              STAFF    role     ADMIN    role
review:hide               other login role     role     role      role              STAFF    role     ADMIN    role
review:hide               n/a   login role     role     role      role              STAFF    role     ADMIN    role
review:write              own   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
review:write              other login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
review:write              n/a   login CUSTOMER CUSTOMER CUSTOMER  CUSTOMER          CUSTOMER CUSTOMER CUSTOMER CUSTOMER
`;

const COLUMNS = [
  'guest',
  'CUSTOMER',
  'VIP',
  'DEVELOPER',
  'PREMIUM_DEVELOPER',
  'STAFF',
  'PAYMENTS',
  'ADMIN',
  'OWNER',
] as const;
const WHOSE = ['own', 'other', 'n/a'] as const;
type Whose = (typeof WHOSE)[number];

const ME = 41;
const SOMEONE_ELSE = 42;
const RESOURCES: Record<Whose, Resource | undefined> = {
  own: { ownerId: ME, userId: ME },
  other: { ownerId: SOMEONE_ELSE, userId: SOMEONE_ELSE },
  'n/a': undefined,
};
const REFUSAL_CELLS = { SIGN_IN: 'login', ROLE: 'role', NOT_YOURS: 'yours' } as const;

const principalWith = (roles: Role[]): Principal => ({ userId: ME, discordId: '314159265358979341', roles });
const callerIn = (column: (typeof COLUMNS)[number]) => (column === 'guest' ? null : principalWith([column]));

function cellOf(column: (typeof COLUMNS)[number], action: Action, whose: Whose): string {
  const decision = decide(callerIn(column), action, RESOURCES[whose]);
  return decision.allowed ? decision.role : REFUSAL_CELLS[decision.refusal];
}

const rows = EXPECTED.trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [action, whose, ...cells] = line.trim().split(/\s+/);
    return { action: action as Action, whose: whose as Whose, cells };
  });

describe('the policy table', () => {
  it('has one row per action and ownership, every action of the catalogue included', () => {
    const listed = rows.map((row) => `${row.action} ${row.whose}`).sort();
    const expected = ACTIONS.flatMap((action) => WHOSE.map((whose) => `${action} ${whose}`)).sort();
    expect(listed).toEqual(expected);
    expect(rows.every((row) => row.cells.length === COLUMNS.length)).toBe(true);
  });

  it.each(rows)('$action on $whose', ({ action, whose, cells }) => {
    const actual = COLUMNS.map((column) => `${column}=${cellOf(column, action, whose)}`);
    expect(actual).toEqual(COLUMNS.map((column, i) => `${column}=${cells[i]}`));
  });
});

describe('authorize', () => {
  const refusalOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof AppError) return { status: error.statusCode, message: error.message };
      throw error;
    }
    throw new Error('expected a refusal');
  };

  it('returns the granting role', () => {
    expect(authorize(principalWith(['ADMIN']), 'plan:update', { ownerId: SOMEONE_ELSE })).toBe('ADMIN');
  });

  it("asks a guest to log in with the spec's sentence (401)", () => {
    expect(refusalOf(() => authorize(null, 'subscription:pause', { userId: ME }))).toEqual({
      status: 401,
      message: 'You must be logged in to perform this action.',
    });
  });

  it('refuses a caller without any role that allows the action with one message (403)', () => {
    const customer = principalWith([]);
    for (const action of ['plan:update', 'audit:read', 'order:complete'] as const) {
      expect(refusalOf(() => authorize(customer, action, { ownerId: ME }))).toEqual({
        status: 403,
        message: 'You do not have permission to do this.',
      });
    }
  });

  it("refuses someone else's resource with one message, whatever the action (403)", () => {
    const developer = principalWith(['DEVELOPER']);
    const other = { ownerId: SOMEONE_ELSE, userId: SOMEONE_ELSE };
    for (const action of [
      'plan:update',
      'price:remove-slots',
      'subscription:pause',
      'session:read',
    ] as const) {
      expect(refusalOf(() => authorize(developer, action, other))).toEqual({
        status: 403,
        message: REFUSAL_MESSAGES.NOT_YOURS,
      });
    }
  });
});

describe('a subscription has two owners', () => {
  const developer = principalWith(['DEVELOPER']);

  it('lets the plan owner read a subscriber’s subscription, and the subscriber too', () => {
    expect(can(developer, 'subscription:read', { userId: SOMEONE_ELSE, ownerId: ME })).toBe('DEVELOPER');
    expect(can(developer, 'subscription:read', { userId: ME, ownerId: SOMEONE_ELSE })).toBe('CUSTOMER');
  });

  it('lets only the subscriber, or an admin, pause it: not the plan owner', () => {
    expect(can(developer, 'subscription:pause', { userId: SOMEONE_ELSE, ownerId: ME })).toBeNull();
    expect(can(principalWith(['ADMIN']), 'subscription:pause', { userId: SOMEONE_ELSE })).toBe('ADMIN');
  });

  it('lets only the plan owner, or an admin, expire it: not the subscriber', () => {
    const subscriber = principalWith(['DEVELOPER']);
    expect(can(subscriber, 'subscription:expire', { userId: ME, ownerId: SOMEONE_ELSE })).toBeNull();
    expect(can(developer, 'subscription:expire', { userId: SOMEONE_ELSE, ownerId: ME })).toBe('DEVELOPER');
  });
});

describe('roles', () => {
  it('counts every signed-in account as a customer and a premium developer as a developer', () => {
    expect([...effectiveRoles(['PREMIUM_DEVELOPER'])].sort()).toEqual([
      'CUSTOMER',
      'DEVELOPER',
      'PREMIUM_DEVELOPER',
    ]);
    expect([...effectiveRoles([])]).toEqual(['CUSTOMER']);
  });

  it('grants by ownership before a staff role, so an admin on their own plan acts as its developer', () => {
    expect(can(principalWith(['ADMIN', 'DEVELOPER']), 'plan:update', { ownerId: ME })).toBe('DEVELOPER');
  });
});

describe('routeAccess', () => {
  it('derives the coarse route gate from the rules', () => {
    expect(routeAccess('catalog:browse')).toBe('public');
    expect(routeAccess('subscription:pause')).toBe('signed-in');
    expect(routeAccess('plan:update')).toEqual(['DEVELOPER', 'ADMIN']);
    expect(routeAccess('audit:read')).toEqual(['ADMIN']);
    expect(routeAccess('payout:read')).toEqual(['PREMIUM_DEVELOPER', 'OWNER']);
  });
});

describe('isStaffAction (what the audit trail records)', () => {
  const admin = principalWith(['ADMIN', 'DEVELOPER']);

  it('is any action a staff role allowed', () => {
    expect(isStaffAction(admin, 'ADMIN', { ownerId: ME })).toBe(true);
  });

  it("is an action on another account's resource, whatever role allowed it", () => {
    expect(isStaffAction(admin, 'DEVELOPER', { userId: SOMEONE_ELSE })).toBe(true);
  });

  it('is not a customer or developer acting on their own', () => {
    expect(isStaffAction(admin, 'DEVELOPER', { ownerId: ME })).toBe(false);
    expect(isStaffAction(admin, 'CUSTOMER', { userId: ME })).toBe(false);
  });
});
