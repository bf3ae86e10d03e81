import { describe, expect, it } from 'vitest';
import { INT4_MAX, idParam } from './ids.ts';

describe('idParam: one spelling per id', () => {
  const plan = idParam('plan');

  it('reads plain decimal ids up to the largest database integer', () => {
    expect(plan.parse('1')).toBe(1);
    expect(plan.parse('42')).toBe(42);
    expect(plan.parse(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it('refuses every other spelling with the same sentence', () => {
    for (const input of [
      '0x3',
      '1e0',
      '3.0',
      '03',
      '+3',
      '-3',
      '0',
      ' 3',
      '3 ',
      '',
      '٣',
      String(INT4_MAX + 1),
    ]) {
      const result = plan.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('The plan id must be a positive whole number.');
    }
  });
});
