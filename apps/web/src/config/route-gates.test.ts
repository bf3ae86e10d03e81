import { rolesAllowedTo } from '@ember/contracts/policy';
import { describe, expect, it } from 'vitest';
import { PAGE_ACTIONS, paths } from './paths.ts';

// A role-gated page admits exactly the roles the policy could allow its action (the server decides
// with the same catalogue), so the web never offers a page its API refuses, nor hides one it allows.
describe('role-gated pages', () => {
  const gated = Object.entries(paths).flatMap(([name, route]) => {
    const roles: readonly string[] | undefined = (route.meta as { roles?: readonly string[] }).roles;
    return roles === undefined ? [] : [{ name, roles }];
  });

  it('each stand for a policy action', () => {
    expect(gated.map((route) => route.name).sort()).toEqual(Object.keys(PAGE_ACTIONS).sort());
  });

  it.each(gated)('$name admits the roles of its policy action', ({ name, roles }) => {
    const action = PAGE_ACTIONS[name as keyof typeof PAGE_ACTIONS];
    expect([...roles].sort()).toEqual(rolesAllowedTo(action).sort());
  });
});
