import type { AdminRepositoryPage } from '@ember/contracts/delivery';
import { repositories, repoUpdates } from '@ember/db/schema/delivery';
import { describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';

const ctx = useTestApp();

type Role = 'admin' | 'owner' | 'developer' | 'premium' | 'staff' | 'customer';

const listAll = async (query: string, as: Role = 'admin') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/shop/plugin-repos/all${query}`,
    headers: await asUser(ctx, as),
  });

const unique = () => Math.random().toString(36).slice(2, 10);

async function givenRepository(ownerId: number, url = `https://github.com/admin-list/${unique()}`) {
  const [row] = await ctx.database.db
    .insert(repositories)
    .values({ ownerId, url, obfuscation: 'SOX' })
    .returning();
  if (!row) throw new Error('no repository inserted');
  return row;
}

async function givenUpdates(
  repositoryId: number,
  updates: { status: 'DONE' | 'FAILED' | 'PENDING'; error?: string }[],
) {
  for (const update of updates) {
    await ctx.database.db.insert(repoUpdates).values({ repositoryId, reason: 'test', ...update });
  }
}

describe('GET /plugin-repos/all', () => {
  it("lists every developer's repositories with their owner and last update, newest first", async () => {
    const tag = unique();
    const first = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'], username: `alpha${tag}` });
    const second = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'], username: `beta${tag}` });
    const older = await givenRepository(first.id, `https://github.com/${tag}/older`);
    const newer = await givenRepository(second.id, `https://github.com/${tag}/newer`);
    await givenUpdates(older.id, [
      { status: 'DONE' },
      { status: 'FAILED', error: 'plugins.json is missing' },
    ]);

    const res = await listAll(`?search=${tag}`);
    expect(res.statusCode, res.body).toBe(200);
    const page: AdminRepositoryPage = res.json();
    expect(page.totalPages).toBe(1);
    expect(page.content.map((repository) => repository.id)).toEqual([newer.id, older.id]);
    expect(page.content[0]).toMatchObject({
      url: `https://github.com/${tag}/newer`,
      obfuscation: 'SOX',
      owner: { id: second.id, username: `beta${tag}`, discordId: second.discordId },
      lastUpdate: null,
    });
    expect(page.content[1]).toMatchObject({
      owner: { id: first.id, username: `alpha${tag}` },
      lastUpdate: { status: 'FAILED', error: 'plugins.json is missing' },
    });
    expect(JSON.stringify(page)).not.toMatch(/accessToken/);
  });

  it("finds repositories by the owner's username, Discord id or a part of the URL, and pages", async () => {
    const tag = unique();
    const owner = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'], username: `gamma${tag}` });
    const repositoriesOfOwner = [];
    for (let index = 0; index < 3; index += 1) {
      repositoriesOfOwner.push(await givenRepository(owner.id, `https://github.com/x${tag}/repo-${index}`));
    }
    const byName = (await listAll(`?search=GAMMA${tag}&size=2&page=0`)).json();
    expect(byName.totalPages).toBe(2);
    expect(byName.content).toHaveLength(2);
    const secondPage = (await listAll(`?search=gamma${tag}&size=2&page=1`)).json();
    expect(secondPage.content.map((repository: { id: number }) => repository.id)).toEqual([
      repositoriesOfOwner[0]?.id,
    ]);
    const byDiscordId = (await listAll(`?search=${owner.discordId}`)).json();
    expect(byDiscordId.content).toHaveLength(3);
    const byUrl = (await listAll(`?search=x${tag}/repo-1`)).json();
    expect(byUrl.content.map((repository: { id: number }) => repository.id)).toEqual([
      repositoriesOfOwner[1]?.id,
    ]);
    // LIKE wildcards are plain text.
    expect((await listAll(`?search=${encodeURIComponent('%')}${tag}`)).json().content).toEqual([]);
  });

  it('refuses bad paging with a message', async () => {
    const res = await listAll('?size=1000');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/page size/);
  });

  it.each(['developer', 'premium', 'staff', 'customer'] as const)('refuses a %s', async (role) => {
    const res = await listAll('', role);
    expect(res.statusCode).toBe(403);
  });

  it('lets the owner account (an admin) in', async () => {
    expect((await listAll('', 'owner')).statusCode).toBe(200);
  });
});
