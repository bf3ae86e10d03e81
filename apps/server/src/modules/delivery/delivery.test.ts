import {
  OBFUSCATOR_CONFIG_INVALID_MESSAGE,
  type PluginLinkResponse,
  type RepositoryResponse,
} from '@ember/contracts/delivery';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { pluginLinks, plugins, repositories } from '@ember/db/schema/delivery';
import { makePlugin } from '@ember/db/seed/factories';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { requestsTo } from '../../../test-support/shop-api.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenPlan, givenPrice, givenUser } from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';

const ctx = useTestApp();

type Headers = Record<string, string>;
const api = requestsTo(ctx);

const TOKEN = 'ghp_secretTokenThatMustNeverComeBack0001';

async function givenDeveloper() {
  const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
  return { developer, headers: await headersFor(ctx, developer.id) };
}

async function repositoryOf(headers: Headers, body: object = {}): Promise<RepositoryResponse> {
  const res = await api('POST', headers, '/plugin-repos', {
    url: `https://github.com/someone/plugins-${Math.random().toString(36).slice(2)}`,
    accessToken: TOKEN,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function givenPlugins(repositoryId: number, names: string[]) {
  return ctx.database.db
    .insert(plugins)
    .values(names.map((name) => makePlugin({ repositoryId, name })))
    .returning();
}

async function storedToken(id: number) {
  const [row] = await ctx.database.db
    .select({ token: repositories.accessToken })
    .from(repositories)
    .where(eq(repositories.id, id));
  return row?.token;
}

describe('repositories', () => {
  it('adds a repository with NONE obfuscation by default, and never sends the access token back', async () => {
    const { headers } = await givenDeveloper();
    const url = 'https://github.com/someone/new-plugins';
    const created = await api('POST', headers, '/plugin-repos', { url, accessToken: TOKEN });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      url,
      obfuscation: 'NONE',
      storm2: false,
      hasAccessToken: true,
      pluginCount: 0,
      obfuscatorConfig: null,
    });
    expect(created.body).not.toContain(TOKEN);
    expect(await storedToken(created.json().id)).toBe(TOKEN);

    const listed = await api('GET', headers, '/plugin-repos');
    expect(listed.json()).toHaveLength(1);
    expect(listed.body).not.toContain(TOKEN);
    const one = await api('GET', headers, `/plugin-repos/${created.json().id}`);
    expect(one.body).not.toContain(TOKEN);

    const duplicate = await api('POST', headers, '/plugin-repos', { url, accessToken: TOKEN });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body).not.toContain(TOKEN);
  });

  it("lists another developer's repositories only for an admin", async () => {
    const { developer, headers } = await givenDeveloper();
    const repo = await repositoryOf(headers);
    const byAdmin = await api('GET', await asUser(ctx, 'admin'), `/plugin-repos?ownerId=${developer.id}`);
    expect(byAdmin.json().map((row: RepositoryResponse) => row.id)).toEqual([repo.id]);
    expect(byAdmin.body).not.toContain(TOKEN);
    const byOther = await api('GET', await asUser(ctx, 'developer'), `/plugin-repos?ownerId=${developer.id}`);
    expect(byOther.statusCode).toBe(403);
    expect((await api('GET', headers, `/plugin-repos?ownerId=${developer.id}`)).json()).toHaveLength(1);
    expect((await api('GET', await asUser(ctx, 'customer'), '/plugin-repos')).statusCode).toBe(403);
  });

  it('stores SOX obfuscation and the second-generation client flag', async () => {
    const { headers } = await givenDeveloper();
    const repo = await repositoryOf(headers, { obfuscation: 'SOX', storm2: true, accessToken: '' });
    expect(repo).toMatchObject({ obfuscation: 'SOX', storm2: true, hasAccessToken: false });
  });

  it('refuses bad input with a clear 400', async () => {
    const { headers } = await givenDeveloper();
    const cases: [object, string][] = [
      [{ url: 'not a url' }, 'The repository URL must be an https:// address of a git repository.'],
      // The server's fetch policy (integrations/git) answers for schemes and hosts.
      [{ url: 'http://github.com/a/b' }, 'Repository URLs must use https.'],
      [{ url: 'https://github.com/a/b', obfuscation: 'MAGIC' }, 'Obfuscation must be one of NONE, SOX.'],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', headers, '/plugin-repos', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(
      (await api('POST', await asUser(ctx, 'customer'), '/plugin-repos', cases[0]?.[0] ?? {})).statusCode,
    ).toBe(403);
  });

  it('edits obfuscation and config; a blank token keeps the stored one, a new one replaces it', async () => {
    const { headers } = await givenDeveloper();
    const repo = await repositoryOf(headers);
    const edited = await api('PUT', headers, `/plugin-repos/${repo.id}`, {
      id: repo.id,
      accessToken: '',
      obfuscation: 'SOX',
      obfuscatorConfig: '{"renameClasses": true}',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      obfuscation: 'SOX',
      obfuscatorConfig: { renameClasses: true },
      hasAccessToken: true,
    });
    expect(await storedToken(repo.id)).toBe(TOKEN);

    const replaced = await api('PUT', headers, `/plugin-repos/${repo.id}`, {
      id: repo.id,
      accessToken: 'ghp_new',
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.body).not.toContain('ghp_new');
    expect(await storedToken(repo.id)).toBe('ghp_new');

    const badJson = await api('PUT', headers, `/plugin-repos/${repo.id}`, {
      id: repo.id,
      obfuscatorConfig: '{renameClasses: true',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ message: OBFUSCATOR_CONFIG_INVALID_MESSAGE });
  });

  it('lists plugins of a repository by name, 100 per page', async () => {
    const { headers } = await givenDeveloper();
    const repo = await repositoryOf(headers);
    await givenPlugins(
      repo.id,
      Array.from({ length: 101 }, (_, index) => `Plugin ${String(index).padStart(3, '0')}`),
    );
    const first = await api('GET', headers, `/plugins/by-repo/${repo.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().totalPages).toBe(2);
    expect(first.json().content).toHaveLength(100);
    expect(first.json().content[0]).toMatchObject({ name: 'Plugin 000', repositoryId: repo.id });
    const second = await api('GET', headers, `/plugins/by-repo/${repo.id}?page=1`);
    expect(second.json().content.map((plugin: { name: string }) => plugin.name)).toEqual(['Plugin 100']);
    const tooBig = await api('GET', headers, `/plugins/by-repo/${repo.id}?size=101`);
    expect(tooBig.statusCode).toBe(400);
    expect((await api('GET', headers, `/plugin-repos/${repo.id}`)).json().pluginCount).toBe(101);
  });

  it('deletes a repository unless a price grants one of its plugins', async () => {
    const { developer, headers } = await givenDeveloper();
    const repo = await repositoryOf(headers);
    const [plugin] = await givenPlugins(repo.id, ['Linked']);
    const plan = await givenPlan(ctx, { ownerId: developer.id });
    const price = await givenPrice(ctx, { planId: plan.id });
    const link = await api('POST', headers, `/plugin-links?priceId=${price.id}`, { pluginId: plugin?.id });
    expect(link.statusCode).toBe(201);

    const refused = await api('DELETE', headers, `/plugin-repos/${repo.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: '1 price grants plugins of this repository. Unlink them from the prices first.',
    });
    expect((await api('DELETE', headers, `/plugin-links/${link.json().id}`)).statusCode).toBe(204);
    expect((await api('DELETE', headers, `/plugin-repos/${repo.id}`)).statusCode).toBe(204);
    expect((await api('GET', headers, `/plugin-repos/${repo.id}`)).statusCode).toBe(404);
  });
});

describe('plugins', () => {
  it('edits a description and deletes a plugin no price grants', async () => {
    const { developer, headers } = await givenDeveloper();
    const repo = await repositoryOf(headers);
    const [kept, linked] = await givenPlugins(repo.id, ['Kept', 'Linked']);
    const edited = await api('PUT', headers, `/plugins/${kept?.id}`, { description: '  Cuts trees.  ' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: kept?.id, name: 'Kept', description: 'Cuts trees.' });

    const plan = await givenPlan(ctx, { ownerId: developer.id });
    const price = await givenPrice(ctx, { planId: plan.id });
    await api('POST', headers, `/plugin-links?priceId=${price.id}`, { pluginId: linked?.id });
    const refused = await api('DELETE', headers, `/plugins/${linked?.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: '1 price grants this plugin. Unlink it from the prices first.',
    });
    expect((await api('DELETE', headers, `/plugins/${kept?.id}`)).statusCode).toBe(204);
    const left = await api('GET', headers, `/plugins/by-repo/${repo.id}`);
    expect(left.json().content.map((plugin: { name: string }) => plugin.name)).toEqual(['Linked']);
  });
});

describe('plugin links', () => {
  async function developerWithPriceAndPlugin() {
    const { developer, headers } = await givenDeveloper();
    const repo = await repositoryOf(headers);
    const [plugin] = await givenPlugins(repo.id, ['Alpha Plugin']);
    const plan = await givenPlan(ctx, { ownerId: developer.id });
    const price = await givenPrice(ctx, { planId: plan.id });
    if (!plugin) throw new Error('no plugin');
    return { developer, headers, repo, plugin, price };
  }

  it('attaches a plugin with an unlimited session limit by default, lists and unlinks it', async () => {
    const { headers, repo, plugin, price } = await developerWithPriceAndPlugin();
    const attached = await api('POST', headers, `/plugin-links?priceId=${price.id}`, { pluginId: plugin.id });
    expect(attached.statusCode).toBe(201);
    const link: PluginLinkResponse = attached.json();
    expect(link).toMatchObject({
      priceId: price.id,
      pluginId: plugin.id,
      name: 'Alpha Plugin',
      repositoryId: repo.id,
      repoUrl: repo.url,
      sessionLimit: 0,
    });

    const again = await api('POST', headers, `/plugin-links?priceId=${price.id}`, {
      pluginId: plugin.id,
      sessions: 2,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This plugin is already attached to this price.' });

    expect((await api('GET', headers, `/plugin-links/by-price/${price.id}`)).json()).toEqual([link]);
    expect((await api('DELETE', headers, `/plugin-links/${link.id}`)).statusCode).toBe(204);
    expect((await api('GET', headers, `/plugin-links/by-price/${price.id}`)).json()).toEqual([]);
    expect((await api('DELETE', headers, `/plugin-links/${link.id}`)).statusCode).toBe(404);
  });

  it('takes a session limit and refuses a negative one', async () => {
    const { headers, plugin, price } = await developerWithPriceAndPlugin();
    const negative = await api('POST', headers, `/plugin-links?priceId=${price.id}`, {
      pluginId: plugin.id,
      sessions: -1,
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toEqual({
      message: 'The session limit must be a whole number, 0 (unlimited) or more.',
    });
    const three = await api('POST', headers, `/plugin-links?priceId=${price.id}`, {
      pluginId: plugin.id,
      sessions: 3,
    });
    expect(three.json().sessionLimit).toBe(3);
  });

  it("refuses attaching another developer's plugin to one's own price", async () => {
    const mine = await developerWithPriceAndPlugin();
    const theirs = await developerWithPriceAndPlugin();
    const res = await api('POST', mine.headers, `/plugin-links?priceId=${mine.price.id}`, {
      pluginId: theirs.plugin.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: REFUSAL_MESSAGES.NOT_YOURS });
  });

  it("lets an admin attach and unlink on a developer's price, on the audit trail", async () => {
    const { plugin, price } = await developerWithPriceAndPlugin();
    const admin = await asUser(ctx, 'admin');
    const attached = await api('POST', admin, `/plugin-links?priceId=${price.id}`, { pluginId: plugin.id });
    expect(attached.statusCode).toBe(201);
    expect((await api('DELETE', admin, `/plugin-links/${attached.json().id}`)).statusCode).toBe(204);
    const trail = await api('GET', admin, `/admin/audit-events?targetKind=PRICE&targetId=${price.id}`);
    expect(trail.json().content.map((event: { action: string }) => event.action)).toEqual([
      'price:link-plugin',
      'price:link-plugin',
    ]);
  });

  it('answers 404 for an unknown price or plugin', async () => {
    const { headers, plugin, price } = await developerWithPriceAndPlugin();
    expect(
      (await api('POST', headers, '/plugin-links?priceId=2147483647', { pluginId: plugin.id })).statusCode,
    ).toBe(404);
    expect(
      (await api('POST', headers, `/plugin-links?priceId=${price.id}`, { pluginId: 2147483647 })).statusCode,
    ).toBe(404);
  });
});

describe("another developer's repository and plugin links: every write refused", () => {
  it('refuses GET, PUT, DELETE and the plugin list of a repository, and link writes on a price', async () => {
    const owner = await givenDeveloper();
    const repo = await repositoryOf(owner.headers);
    const [plugin] = await givenPlugins(repo.id, ['Guarded']);
    const plan = await givenPlan(ctx, { ownerId: owner.developer.id });
    const price = await givenPrice(ctx, { planId: plan.id });
    const [link] = await ctx.database.db
      .insert(pluginLinks)
      .values({ priceId: price.id, pluginId: plugin?.id ?? 0, sessionLimit: 0 })
      .returning();
    const other = await asUser(ctx, 'developer');

    const attempts = [
      api('GET', other, `/plugin-repos/${repo.id}`),
      api('PUT', other, `/plugin-repos/${repo.id}`, { id: repo.id, obfuscation: 'SOX' }),
      api('DELETE', other, `/plugin-repos/${repo.id}`),
      api('GET', other, `/plugins/by-repo/${repo.id}`),
      api('PUT', other, `/plugins/${plugin?.id}`, { description: 'mine' }),
      api('DELETE', other, `/plugins/${plugin?.id}`),
      api('GET', other, `/plugin-links/by-price/${price.id}`),
      api('POST', other, `/plugin-links?priceId=${price.id}`, { pluginId: 24 }),
      api('DELETE', other, `/plugin-links/${link?.id}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: REFUSAL_MESSAGES.NOT_YOURS });
    }
    expect((await api('GET', owner.headers, `/plugin-repos/${repo.id}`)).json().obfuscation).toBe('NONE');
    expect((await api('GET', owner.headers, `/plugin-links/by-price/${price.id}`)).json()).toHaveLength(1);
    expect(DEMO_USER_IDS.developer).not.toBe(owner.developer.id);
  });
});
