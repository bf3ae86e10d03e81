import { describe, expect, it } from 'vitest';
import { sessionLimitLabel } from './session-limits.ts';

describe('sessionLimitLabel', () => {
  it("shows 0 as 'Unlimited' and any other limit as the number", () => {
    expect(sessionLimitLabel(0)).toBe('Unlimited');
    expect(sessionLimitLabel(1)).toBe('1');
    expect(sessionLimitLabel(25)).toBe('25');
    expect(sessionLimitLabel(1500)).toBe('1,500');
  });
});
