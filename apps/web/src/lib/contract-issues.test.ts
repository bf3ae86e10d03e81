import { bootstrapSchema } from '@ember/contracts/bootstrap';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeContractIssues } from './contract-issues.ts';

const describeFailure = (schema: z.ZodType, data: unknown) => {
  const parsed = schema.safeParse(data);
  if (parsed.success) throw new Error('expected a mismatch');
  return describeContractIssues(parsed.error, data);
};

describe('describeContractIssues (what a contract mismatch report says)', () => {
  it('names each field that failed, the rule it broke and what came instead, never the value', () => {
    const answer = {
      version: 142,
      releasedAt: '2026-11-28T00:00:00.000Z',
      size: 1.5,
      platforms: { windows: { label: 'Windows', url: '' }, mac: { label: 'macOS' } },
    };
    expect(describeFailure(bootstrapSchema, answer)).toBe(
      [
        'version: expected string, received number',
        'size: expected int, received number',
        'platforms.windows.url: expected at least 1, received a string of 0 characters',
        'platforms.mac.url: expected string, received undefined',
      ].join('; '),
    );
  });

  it('says when the whole answer is wrong, and names enum values and unexpected keys', () => {
    expect(describeFailure(bootstrapSchema, undefined)).toBe('(answer): expected object, received undefined');
    expect(describeFailure(z.enum(['pending', 'completed']), 'PENDING')).toBe(
      '(answer): expected one of "pending", "completed", received a string of 7 characters',
    );
    expect(describeFailure(z.strictObject({ id: z.number() }), { id: 1, secret: 'x' })).toBe(
      '(answer): unexpected keys secret, received an object',
    );
  });
});
