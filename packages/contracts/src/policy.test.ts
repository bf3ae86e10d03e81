import { describe, expect, it } from 'vitest';
import { allows, grantingRole, rolesAllowedTo, rolesOfRule } from './policy.ts';

// The web app gates pages, menu links and controls with these; the server's policy decides with
// the same table (apps/server/src/policy/policy.test.ts holds every rule's decisions).
describe('the catalogue as the web reads it', () => {
  it('names the roles of a rule, and every role acting as one of them', () => {
    expect(rolesOfRule('plan:update')).toEqual(['DEVELOPER', 'ADMIN']);
    expect(rolesAllowedTo('plan:list-own')).toEqual(['DEVELOPER', 'PREMIUM_DEVELOPER']);
    expect(rolesAllowedTo('plan:update')).toEqual(['ADMIN', 'DEVELOPER', 'PREMIUM_DEVELOPER']);
    expect(rolesAllowedTo('session-log:read')).toEqual(['ADMIN', 'STAFF']);
    expect(rolesAllowedTo('order:list')).toEqual(['PAYMENTS']);
    expect(rolesAllowedTo('payout:confirm')).toEqual(['OWNER']);
  });

  it('allows by ownership first, then by a role that allows it on anything', () => {
    expect(grantingRole('plan:read-private', ['DEVELOPER'], { owner: true })).toBe('CUSTOMER');
    expect(allows(['DEVELOPER'], 'plan:read-private')).toBe(false);
    expect(allows(['ADMIN'], 'plan:read-private')).toBe(true);
    expect(allows(['PREMIUM_DEVELOPER'], 'plan:list-own')).toBe(true);
    expect(allows([], 'plan:toggle-enabled')).toBe(false);
  });
});
