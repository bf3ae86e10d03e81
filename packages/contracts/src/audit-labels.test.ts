import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_OPTIONS, auditEventLabel, targetKindLabel } from './audit-labels.ts';

const event = (action: string, targetKind: string, targetId: string, targetName: string | null = null) =>
  auditEventLabel({ action, targetKind, targetId, targetName });

describe('audit events in words', () => {
  it('says what was done to what, naming the person when known', () => {
    expect(event('order:complete', 'ORDER', '17')).toBe('Completed order #17');
    expect(event('payout:confirm', 'PAYOUT', '6', 'Ironbark')).toBe('Confirmed payout #6 to Ironbark');
    expect(event('payout:confirm', 'PAYOUT', '6')).toBe('Confirmed payout #6');
    expect(event('user:ban', 'USER', '5', 'Ironbark')).toBe('Banned Ironbark');
    expect(event('user:ban', 'USER', '5')).toBe('Banned account #5');
    expect(event('discount-code:create', 'DISCOUNT_CODE', '3')).toBe('Created discount code #3');
  });

  it('reads an action it does not know as the words of its code, never as nothing', () => {
    expect(event('order:archive-old', 'ORDER', '2')).toBe('Order: archive old order #2');
  });

  it('offers every action once, by what it says, in alphabetical order', () => {
    const labels = AUDIT_ACTION_OPTIONS.map((option) => option.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(AUDIT_ACTION_OPTIONS).toContainEqual({ value: 'payout:confirm', label: 'Confirmed a payout' });
    expect(targetKindLabel('DISCOUNT_CODE')).toBe('Discount code');
  });
});
