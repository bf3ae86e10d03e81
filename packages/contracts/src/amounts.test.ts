import { describe, expect, it } from 'vitest';
import { addHoursQuery } from './subscriptions.ts';
import { transferCreditsQuery } from './wallet.ts';

const gift = (amount: string) =>
  transferCreditsQuery.safeParse({ targetDiscordId: '314159265358979309', amount });

describe('amount fields take plain decimal digits only', () => {
  it.each(['0x10', '1e3', '1.0', '-5', '+5', '1,000', '1 000', '0b11', 'Infinity', '', '0'])(
    'refuses %j with the spec message',
    (amount) => {
      expect(gift(amount).error?.issues[0]?.message).toBe('Please enter a valid amount.');
    },
  );

  it('reads plain digits (blanks around them ignored) as the number they spell', () => {
    expect(gift(' 16 ').data?.amount).toBe(16);
    expect(gift('1000').data?.amount).toBe(1000);
  });

  it('applies to the hours a staff member adds too', () => {
    expect(addHoursQuery.safeParse({ hours: '1e3' }).error?.issues[0]?.message).toBe(
      'Hours to add must be greater than 0',
    );
    expect(addHoursQuery.safeParse({ hours: '24' }).data?.hours).toBe(24);
  });
});
