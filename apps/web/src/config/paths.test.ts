import { PAGE_ROUTES } from '@ember/contracts/page-routes';
import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

// The server answers the page routes of @ember/contracts/page-routes with the app (200) and every
// other address with the 404 page: the web's route table must be exactly that list.

describe('the route table', () => {
  it('has exactly the page routes the server knows', () => {
    const webPatterns = Object.values(paths).map((route) => route.path);
    expect([...webPatterns].sort()).toEqual(Object.values(PAGE_ROUTES).sort());
  });
});
