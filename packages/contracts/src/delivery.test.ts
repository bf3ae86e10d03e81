import { describe, expect, it } from 'vitest';
import {
  createPluginLinkBody,
  createRepositoryBody,
  OBFUSCATOR_CONFIG_INVALID_MESSAGE,
  REPOSITORY_URL_INVALID_MESSAGE,
  updateRepositoryBody,
} from './delivery.ts';
import { requestPayoutQuery, WITHDRAW_AMOUNT_INVALID_MESSAGE } from './payouts.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('repository contracts', () => {
  it('defaults obfuscation to NONE and the second-generation flag to false; a blank token is none', () => {
    expect(createRepositoryBody.parse({ url: ' https://github.com/a/b ', accessToken: '' })).toEqual({
      url: 'https://github.com/a/b',
      accessToken: null,
      obfuscation: 'NONE',
      storm2: false,
    });
  });

  // Schemes, hosts and addresses are the server's policy (integrations/git), tested there.
  it.each(['github.com/a/b', 'https://github.com/', 'not a url'])('refuses %s as a repository URL', (url) => {
    expect(messageOf(createRepositoryBody.safeParse({ url }))).toBe(REPOSITORY_URL_INVALID_MESSAGE);
  });

  it('reads the obfuscator config from JSON text or an object; blank is none; anything else is refused', () => {
    const parse = (obfuscatorConfig: unknown) => updateRepositoryBody.safeParse({ id: 1, obfuscatorConfig });
    expect(parse('{"renameClasses": true}').data?.obfuscatorConfig).toEqual({ renameClasses: true });
    expect(parse({ keep: ['a.**'] }).data?.obfuscatorConfig).toEqual({ keep: ['a.**'] });
    expect(parse('  ').data?.obfuscatorConfig).toBeNull();
    expect(parse(null).data?.obfuscatorConfig).toBeNull();
    for (const bad of ['{nope', '[1, 2]', '"text"', '12', [1], 5]) {
      expect(messageOf(parse(bad)), String(bad)).toBe(OBFUSCATOR_CONFIG_INVALID_MESSAGE);
    }
  });

  it('keeps the stored token when the edit leaves it blank or out, and removes it on null', () => {
    expect(updateRepositoryBody.parse({ id: 1, accessToken: '' }).accessToken).toBeUndefined();
    expect(updateRepositoryBody.parse({ id: 1 }).accessToken).toBeUndefined();
    expect(updateRepositoryBody.parse({ id: 1, accessToken: null }).accessToken).toBeNull();
    expect(updateRepositoryBody.parse({ id: 1, accessToken: ' ghp_x ' }).accessToken).toBe('ghp_x');
  });
});

describe('plugin link and payout contracts', () => {
  it('defaults the session limit to 0 (unlimited)', () => {
    expect(createPluginLinkBody.parse({ pluginId: 3 })).toEqual({ pluginId: 3, sessions: 0 });
  });

  it("answers the spec's payout message for anything but a whole number above 0", () => {
    expect(requestPayoutQuery.parse({ amount: ' 250 ' })).toEqual({ amount: 250 });
    for (const amount of ['', '0', '-1', '1.5', '1e3', '0x10', 'ten', undefined]) {
      expect(messageOf(requestPayoutQuery.safeParse({ amount })), String(amount)).toBe(
        WITHDRAW_AMOUNT_INVALID_MESSAGE,
      );
    }
  });
});
