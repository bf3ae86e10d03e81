import { PERIODS } from '@ember/contracts/enums';
import { describe, expect, it } from 'vitest';
import { extraDaysLabel, oneMorePeriod, periodLabel } from './periods.ts';

describe('period formatters', () => {
  it('names every period', () => {
    expect(PERIODS.map(periodLabel)).toEqual(['6 hours', 'Daily', 'Weekly', 'Monthly', 'Yearly', 'Lifetime']);
  });

  it('says what one more period adds', () => {
    expect(oneMorePeriod('SIX_HOURS')).toBe('another 6 hours');
    expect(oneMorePeriod('MONTHLY')).toBe('one more month');
    expect(oneMorePeriod('LIFETIME')).toBe('for life');
  });

  it("shows a promo's extra days, and nothing when there are none", () => {
    expect(extraDaysLabel(7)).toBe('+7 days');
    expect(extraDaysLabel(1)).toBe('+1 day');
    expect(extraDaysLabel(0)).toBeNull();
  });
});
