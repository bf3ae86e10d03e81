import { describe, expect, it } from 'vitest';
import { parsePlanId } from './plan-id.ts';

describe('parsePlanId', () => {
  it.each([
    ['10', 10],
    ['1', 1],
    ['0', null],
    ['-3', null],
    ['abc', null],
    ['1e3', null],
    ['99999999999', null],
    [undefined, null],
  ])('reads %j as %j', (raw, id) => {
    expect(parsePlanId(raw)).toBe(id);
  });
});
