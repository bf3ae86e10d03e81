import { describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';

const ctx = useTestApp();

const lookUp = (query: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/shop/users/lookup?${query}`, headers });

describe('GET /users/lookup (who a gift goes to)', () => {
  it("answers the receiver's username and display name, and nothing more", async () => {
    const res = await lookUp('discordId=%20314159265358979309%20', await asUser(ctx, 'customer'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      discordId: '314159265358979309',
      username: 'vip',
      displayName: 'Vera VIP',
      banned: false,
    });
  });

  it('says when the account is banned, so a gift it cannot receive is refused before the confirmation', async () => {
    const res = await lookUp('discordId=314159265358979311', await asUser(ctx, 'customer'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      discordId: '314159265358979311',
      username: 'banned',
      displayName: 'Boris Banned',
      banned: true,
    });
  });

  it('says plainly when no account has that id, and refuses a malformed id', async () => {
    const headers = await asUser(ctx, 'customer');
    const unknown = await lookUp('discordId=314159265358979399', headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No user with that Discord ID.' });
    for (const id of ['', 'abc', '0x10', '12']) {
      const bad = await lookUp(`discordId=${id}`, headers);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Please enter a valid discord id' });
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await lookUp('discordId=314159265358979309')).statusCode).toBe(401);
  });

  it('is rate limited, so the id space cannot be walked', async () => {
    const headers = await asUser(ctx, 'vip');
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++)
      statuses.push((await lookUp('discordId=314159265358979310', headers)).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
  });
});
