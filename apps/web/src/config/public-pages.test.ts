import { PAGE_ROUTES, PUBLIC_PAGES } from '@ember/contracts/page-routes';
import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

// robots.txt and the sitemap (issue 26, item 8) invite crawlers to PUBLIC_PAGES only and keep them
// out of every other page. This holds the shared list to the routes' own access meta.

/** Guest-only steps of signing in: open without an account, but nothing to index. */
const SIGN_IN_STEPS = ['oauth2', 'token', 'loading'];

describe('the public pages crawlers are sent to', () => {
  it('are open to guests, and every other page needs a sign-in or is a step of it', () => {
    const publicNames: readonly string[] = PUBLIC_PAGES;
    for (const [name, route] of Object.entries(paths)) {
      const meta: { requiresAuth?: boolean; roles?: readonly string[] } = route.meta;
      const needsSignIn = meta.requiresAuth === true || meta.roles !== undefined;
      if (publicNames.includes(name)) expect(needsSignIn, name).toBe(false);
      else expect(needsSignIn || SIGN_IN_STEPS.includes(name), name).toBe(true);
    }
    expect(Object.keys(paths).sort()).toEqual(Object.keys(PAGE_ROUTES).sort());
  });
});
