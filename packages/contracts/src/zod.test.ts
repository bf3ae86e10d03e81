import { expect, it } from 'vitest';
import { z } from './zod.ts';

// No explicit installPlainValidationMessages() here: importing the contracts' zod is enough, so a
// web page whose chunk loads zod for the first time still words its errors for a person.
it('answers in plain words as soon as the contracts zod is imported', () => {
  const result = z.object({ discordId: z.string() }).safeParse({});
  expect(result.error?.issues[0]?.message).toBe('Please fill in the discord id.');
});
