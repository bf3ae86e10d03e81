import { describe, expect, it } from 'vitest';
import { parseIdParam } from './route-params.ts';

describe('parseIdParam', () => {
  it.each([
    ['12', 12],
    ['1', 1],
    ['2147483647', 2_147_483_647],
  ])('reads %s as the number %s', (raw, id) => {
    expect(parseIdParam(raw)).toBe(id);
  });

  it.each([undefined, '', '0', '-1', '1.5', '1e3', 'abc', '2147483648', '12345678901'])(
    'refuses %s',
    (raw) => {
      expect(parseIdParam(raw)).toBeNull();
    },
  );
});
