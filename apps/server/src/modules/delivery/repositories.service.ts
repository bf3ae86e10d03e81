import type {
  AdminRepositoryPage,
  allRepositoriesQuery,
  createRepositoryBody,
  PluginPage,
  PluginResponse,
  pluginsOfRepositoryQuery,
  RepositoryResponse,
  updateRepositoryBody,
} from '@ember/contracts/delivery';
import { totalPagesOf } from '@ember/contracts/paging';
import type { Action } from '@ember/contracts/policy';
import { isUniqueViolation, pgErrorOf } from '@ember/db/errors';
import type { z } from 'zod';
import {
  type RepositoryUrlPolicy,
  UnsafeRepositoryUrl,
} from '../../integrations/git/repository-url-policy.ts';
import type { CacheInvalidation } from '../../lib/cache/cache-registry.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller, type Principal } from '../../policy/identity.ts';
import { authorize, isStaffAction } from '../../policy/policy.ts';
import { changedFields, recordAudit } from '../audit/index.ts';
import type { Db, HandedDb } from './db.ts';
import {
  countAllRepositories,
  countLinksOfPlugin,
  countLinksOfRepository,
  countPluginsOfRepository,
  deletePlugin,
  deleteRepository,
  findAllRepositories,
  findPlugin,
  findPluginsOfRepository,
  findRepositoriesOfOwner,
  findRepository,
  insertRepository,
  type RepositoryFields,
  type RepositoryRow,
  updatePluginDescription,
  updateRepository,
} from './repositories.repository.ts';

type CreateRepositoryBody = z.output<typeof createRepositoryBody>;
type UpdateRepositoryBody = z.output<typeof updateRepositoryBody>;
type PluginsQuery = z.output<typeof pluginsOfRepositoryQuery>;
type AllRepositoriesQuery = z.output<typeof allRepositoriesQuery>;

const DUPLICATE_URL_MESSAGE = 'You already added a repository with this URL.';

export const toRepositoryResponse = (row: RepositoryRow): RepositoryResponse => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** What the audit trail records of a repository: never the token, only whether one is stored. */
const auditedFields = ({ url, obfuscation, obfuscatorConfig, storm2, hasAccessToken }: RepositoryRow) => ({
  url,
  obfuscation,
  obfuscatorConfig,
  storm2,
  hasAccessToken,
});

/**
 * A failed write carries its parameters (the access token among them) in the driver's message;
 * only the PostgreSQL error itself travels on, so no log line can show the token.
 */
function withoutParameters(error: unknown): unknown {
  if (isUniqueViolation(error, 'repositories_owner_id_url_key')) return new Conflict(DUPLICATE_URL_MESSAGE);
  const pg = pgErrorOf(error);
  return new Error(`repository write failed${pg ? `: ${pg.code} ${pg.constraint ?? ''}` : ''}`);
}

/** Spec §7 Repositories: a developer's git repositories (fetched later by the delivery jobs) and their plugins. */
/** A plugin a price grants stays until it is unlinked: its subscribers would lose it silently. */
function refuseWhileGranted(links: number, what: string, pronoun: 'it' | 'them') {
  if (links > 0) {
    throw new Conflict(
      `${links} price${links === 1 ? ' grants' : 's grant'} ${what}. Unlink ${pronoun} from the prices first.`,
    );
  }
}

export function createRepositoriesService({
  db,
  urlPolicy,
  caches,
}: {
  db: Db;
  /**
   * A plan page shows the descriptions of its prices' plugins: a committed description change drops
   * the 'catalog' caches (decision 0033). Removing a repository or a plugin is refused while a price
   * grants it, so the shop never showed what they remove.
   */
  caches: CacheInvalidation;
  /** Where repositories may be fetched from (integrations/git); checked when a URL is saved. */
  urlPolicy: Pick<RepositoryUrlPolicy, 'checkForSaving'>;
}) {
  async function checkUrl(url: string | undefined): Promise<void> {
    if (url === undefined) return;
    try {
      await urlPolicy.checkForSaving(url);
    } catch (error) {
      if (error instanceof UnsafeRepositoryUrl) throw new Invalid(error.message);
      throw error;
    }
  }

  async function existing(tx: HandedDb, id: number): Promise<RepositoryRow> {
    const repository = await findRepository(tx, id);
    if (!repository) throw new NotFound(`No repository with id ${id}.`);
    return repository;
  }

  async function existingPlugin(tx: HandedDb, id: number) {
    const plugin = await findPlugin(tx, id);
    if (!plugin) throw new NotFound(`No plugin with id ${id}.`);
    return plugin;
  }

  async function audit(
    tx: HandedDb,
    caller: Caller,
    role: ReturnType<typeof authorize>,
    repository: RepositoryRow,
    action: Action,
    change: { before: unknown; after: unknown },
  ) {
    if (!isStaffAction(caller, role, { ownerId: repository.ownerId })) return;
    await recordAudit(tx, actorOf(caller, role), {
      action,
      target: { kind: 'REPOSITORY', id: repository.id },
      ...change,
    });
  }

  return {
    /** The caller's repositories, or another developer's for whoever may read them (admins). */
    async listOf(principal: Principal, ownerId = principal.userId): Promise<RepositoryResponse[]> {
      authorize(principal, 'repository:read', { ownerId });
      return (await findRepositoriesOfOwner(db, ownerId)).map(toRepositoryResponse);
    },

    /** GET /plugin-repos/all (admins): every developer's repositories, their owner and last update. */
    async listAll(principal: Principal, query: AllRepositoriesQuery): Promise<AdminRepositoryPage> {
      // No resource: only a rule's `any` roles (ADMIN) pass, never a developer as an owner.
      authorize(principal, 'repository:read');
      const filter = { search: query.search };
      const [rows, total] = await Promise.all([
        findAllRepositories(db, filter, { limit: query.size, offset: query.page * query.size }),
        countAllRepositories(db, filter),
      ]);
      return {
        content: rows.map((row) => ({
          id: row.id,
          url: row.url,
          obfuscation: row.obfuscation,
          storm2: row.storm2,
          pluginCount: row.pluginCount,
          createdAt: row.createdAt.toISOString(),
          owner: {
            id: row.ownerId,
            username: row.ownerUsername,
            displayName: row.ownerDisplayName,
            discordId: row.ownerDiscordId,
          },
          lastUpdate:
            row.lastStatus && row.lastCreatedAt
              ? { status: row.lastStatus, error: row.lastError, createdAt: row.lastCreatedAt.toISOString() }
              : null,
        })),
        totalPages: totalPagesOf(total, query.size),
      };
    },

    async get(principal: Principal, id: number): Promise<RepositoryResponse> {
      const repository = await existing(db, id);
      authorize(principal, 'repository:read', { ownerId: repository.ownerId });
      return toRepositoryResponse(repository);
    },

    async create(principal: Principal, body: CreateRepositoryBody): Promise<RepositoryResponse> {
      authorize(principal, 'repository:create');
      await checkUrl(body.url);
      const fields: RepositoryFields = { ...body, obfuscatorConfig: null };
      const id = await insertRepository(db, principal.userId, fields).catch((error: unknown) => {
        throw withoutParameters(error);
      });
      return toRepositoryResponse(await existing(db, id));
    },

    async update(caller: Caller, id: number, body: UpdateRepositoryBody): Promise<RepositoryResponse> {
      if (body.id !== id) throw new Invalid('The repository id in the body does not match the address.');
      await checkUrl(body.url);
      await db.transaction(async (tx) => {
        const before = await existing(tx, id);
        const role = authorize(caller, 'repository:update', { ownerId: before.ownerId });
        const { id: _id, ...fields } = body;
        await updateRepository(tx, id, fields).catch((error: unknown) => {
          throw withoutParameters(error);
        });
        const after = await existing(tx, id);
        const changes = changedFields(auditedFields(before), auditedFields(after));
        // A replaced token changes nothing the trail can show, so say that it was replaced.
        if (typeof fields.accessToken === 'string') {
          changes.before.accessToken = before.hasAccessToken ? 'stored' : null;
          changes.after.accessToken = 'replaced';
        }
        await audit(tx, caller, role, before, 'repository:update', changes);
      });
      return toRepositoryResponse(await existing(db, id));
    },

    /** Refused while a price still grants one of its plugins: subscribers would lose it silently. */
    async remove(caller: Caller, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const repository = await existing(tx, id);
        const role = authorize(caller, 'repository:delete', { ownerId: repository.ownerId });
        const links = await countLinksOfRepository(tx, id);
        refuseWhileGranted(links, 'plugins of this repository', 'them');
        await deleteRepository(tx, id);
        await audit(tx, caller, role, repository, 'repository:delete', {
          before: auditedFields(repository),
          after: null,
        });
      });
    },

    async updatePlugin(caller: Caller, id: number, description: string): Promise<PluginResponse> {
      const updated = await db.transaction(async (tx) => {
        const plugin = await existingPlugin(tx, id);
        const role = authorize(caller, 'plugin:update', { ownerId: plugin.ownerId });
        await updatePluginDescription(tx, id, description);
        if (isStaffAction(caller, role, { ownerId: plugin.ownerId })) {
          await recordAudit(tx, actorOf(caller, role), {
            action: 'plugin:update',
            target: { kind: 'PLUGIN', id },
            before: { description: plugin.description },
            after: { description },
          });
        }
        const { ownerId: _ownerId, ...changed } = { ...plugin, description };
        return changed;
      });
      await caches.invalidate('catalog');
      return updated;
    },

    /** Refused while a price grants it; the next repository update registers it again if the manifest still lists it. */
    async deletePlugin(caller: Caller, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const plugin = await existingPlugin(tx, id);
        const role = authorize(caller, 'plugin:delete', { ownerId: plugin.ownerId });
        const links = await countLinksOfPlugin(tx, id);
        refuseWhileGranted(links, 'this plugin', 'it');
        await deletePlugin(tx, id);
        if (isStaffAction(caller, role, { ownerId: plugin.ownerId })) {
          const { ownerId: _ownerId, ...before } = plugin;
          await recordAudit(tx, actorOf(caller, role), {
            action: 'plugin:delete',
            target: { kind: 'PLUGIN', id },
            before,
            after: null,
          });
        }
      });
    },

    async listPlugins(principal: Principal, repositoryId: number, query: PluginsQuery): Promise<PluginPage> {
      const repository = await existing(db, repositoryId);
      authorize(principal, 'repository:read', { ownerId: repository.ownerId });
      const [content, total] = await Promise.all([
        findPluginsOfRepository(db, repositoryId, { limit: query.size, offset: query.page * query.size }),
        countPluginsOfRepository(db, repositoryId),
      ]);
      return { content, totalPages: totalPagesOf(total, query.size) };
    },
  };
}

export type RepositoriesService = ReturnType<typeof createRepositoriesService>;
