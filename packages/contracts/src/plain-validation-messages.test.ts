import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { discordTokenQuery } from './identity.ts';
import { installPlainValidationMessages } from './plain-validation-messages.ts';

installPlainValidationMessages();

describe('plain validation messages', () => {
  it('words a missing field for a person, not as zod does', () => {
    const result = z.object({ priceId: z.coerce.string(), code: z.string() }).safeParse({ priceId: '1' });
    expect(result.error?.issues[0]?.message).toBe('Please fill in the code.');
  });

  it('names a malformed camelCase field in plain words', () => {
    const result = z.object({ discordId: z.string() }).safeParse({ discordId: 5 });
    expect(result.error?.issues[0]?.message).toBe('The discord id is not valid.');
  });

  it("keeps a contract's own message", () => {
    const blank = discordTokenQuery.safeParse({ code: ' ', state: 'xyz', redirectUri: 'u' });
    expect(blank.error?.issues[0]?.message).toBe('The sign-in code is missing.');
    const absent = discordTokenQuery.safeParse({ state: 'xyz', redirectUri: 'u' });
    expect(absent.error?.issues[0]?.message).toBe('The sign-in code is missing.');
  });
});
