import {
  CLIENT_RELEASE_KINDS,
  OBFUSCATIONS,
  REPO_UPDATE_OUTCOMES,
  REPO_UPDATE_STATUSES,
} from '@ember/contracts/enums';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { prices } from './catalog.ts';
import { createdAt, identityId, isOneOf, SHA256_HEX_PATTERN, timestamptz, updatedAt } from './columns.ts';
import { users } from './users.ts';

export interface PluginDependency {
  target: string | null;
  sha256: string;
  size: number;
}

/** A developer's git repository holding plugins and a `plugins.json` manifest. */
export const repositories = pgTable(
  'repositories',
  {
    id: identityId(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'no action' }),
    url: text('url').notNull(),
    accessToken: text('access_token'),
    obfuscation: text('obfuscation', { enum: OBFUSCATIONS }).notNull().default('NONE'),
    obfuscatorConfig: jsonb('obfuscator_config').$type<Record<string, unknown>>(),
    /** Built for the second-generation client. */
    storm2: boolean('storm2').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('repositories_owner_id_url_key').on(t.ownerId, t.url),
    check('repositories_obfuscation_known', isOneOf(t.obfuscation, OBFUSCATIONS)),
  ],
);

/** Third-party repositories whose code developers may depend on. */
export const approvedRepos = pgTable(
  'approved_repos',
  {
    id: identityId(),
    owner: text('owner').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    approvedById: integer('approved_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [unique('approved_repos_owner_name_key').on(t.owner, t.name)],
);

/** Dependency jars allowed in plugin builds, identified by content hash. */
export const approvedJars = pgTable(
  'approved_jars',
  {
    id: identityId(),
    sha256: text('sha256').notNull().unique('approved_jars_sha256_key'),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    approvedById: integer('approved_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('approved_jars_sha256_format', sql`${t.sha256} ~ '${sql.raw(SHA256_HEX_PATTERN)}'`),
    check('approved_jars_size_not_negative', sql`${t.sizeBytes} >= 0`),
  ],
);

export const plugins = pgTable(
  'plugins',
  {
    id: identityId(),
    repositoryId: integer('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    version: text('version').notNull(),
    /** Content address of the built (and possibly obfuscated) artifact in the blob store. */
    artifactSha256: text('artifact_sha256'),
    /** Size in bytes of the artifact at `artifact_sha256`. */
    artifactSize: integer('artifact_size'),
    /**
     * The artifact's TUF target path (docs/trust.md): signed by the developer's role, or by the
     * store's obfuscated role for a build it obfuscated. Null: published unsigned, which a verifying
     * client refuses to run.
     */
    tufTarget: text('tuf_target'),
    /**
     * The approved jars bundled with it (`plugins.json` `dependencies`), delivered and loaded with
     * it: each stored under its sha256, at the TUF target the developer signed it (null: unsigned).
     */
    dependencies: jsonb('dependencies').$type<PluginDependency[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('plugins_repository_id_name_key').on(t.repositoryId, t.name),
    check('plugins_artifact_sha256_format', sql`${t.artifactSha256} ~ '${sql.raw(SHA256_HEX_PATTERN)}'`),
  ],
);

/** Grants a plugin to subscribers of a price, with a per-user session limit (0 = unlimited). */
export const pluginLinks = pgTable(
  'plugin_links',
  {
    id: identityId(),
    priceId: integer('price_id')
      .notNull()
      .references(() => prices.id, { onDelete: 'cascade' }),
    pluginId: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    sessionLimit: integer('session_limit').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('plugin_links_price_id_plugin_id_key').on(t.priceId, t.pluginId),
    index('plugin_links_plugin_id_idx').on(t.pluginId),
    check('plugin_links_session_limit_not_negative', sql`${t.sessionLimit} >= 0`),
  ],
);

/** A queued or finished fetch-build-register run of a repository. */
export const repoUpdates = pgTable(
  'repo_updates',
  {
    id: identityId(),
    repositoryId: integer('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: REPO_UPDATE_STATUSES }).notNull().default('PENDING'),
    force: boolean('force').notNull().default(false),
    flush: boolean('flush').notNull().default(false),
    requestedById: integer('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    error: text('error'),
    /** The commit the update read, once fetched. */
    commitSha: text('commit_sha'),
    /** DONE only: PUBLISHED or UNCHANGED; with the count and versions of what was published. */
    outcome: text('outcome', { enum: REPO_UPDATE_OUTCOMES }),
    publishedPlugins: integer('published_plugins'),
    publishedVersions: text('published_versions').array().notNull().default(sql`'{}'::text[]`),
    /** DONE only: the fingerprint of the delivery settings (obfuscation) the plugins were published with. */
    settingsSha256: text('settings_sha256'),
    createdAt: createdAt(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('repo_updates_status_created_at_idx').on(t.status, t.createdAt),
    index('repo_updates_repository_id_idx').on(t.repositoryId),
    check('repo_updates_status_known', isOneOf(t.status, REPO_UPDATE_STATUSES)),
    check('repo_updates_outcome_known', isOneOf(t.outcome, REPO_UPDATE_OUTCOMES)),
  ],
);

/** Every version a repository update registered for a plugin, newest last. */
export const pluginVersions = pgTable(
  'plugin_versions',
  {
    id: identityId(),
    pluginId: integer('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    artifactSha256: text('artifact_sha256').notNull(),
    artifactSize: integer('artifact_size').notNull(),
    repoUpdateId: integer('repo_update_id').references(() => repoUpdates.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('plugin_versions_plugin_id_idx').on(t.pluginId, t.id),
    check(
      'plugin_versions_artifact_sha256_format',
      sql`${t.artifactSha256} ~ '${sql.raw(SHA256_HEX_PATTERN)}'`,
    ),
    check('plugin_versions_artifact_size_not_negative', sql`${t.artifactSize} >= 0`),
  ],
);

/** A published loader or server-classpath build; the newest of each kind is current. */
export const clientReleases = pgTable(
  'client_releases',
  {
    id: identityId(),
    kind: text('kind', { enum: CLIENT_RELEASE_KINDS }).notNull(),
    version: text('version').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    publishedById: integer('published_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('client_releases_kind_version_key').on(t.kind, t.version),
    index('client_releases_kind_id_idx').on(t.kind, t.id),
    check('client_releases_kind_known', isOneOf(t.kind, CLIENT_RELEASE_KINDS)),
    check('client_releases_sha256_format', sql`${t.sha256} ~ '${sql.raw(SHA256_HEX_PATTERN)}'`),
    check('client_releases_size_not_negative', sql`${t.sizeBytes} >= 0`),
  ],
);

export type PluginVersion = typeof pluginVersions.$inferSelect;
export type ClientRelease = typeof clientReleases.$inferSelect;
export type Repository = typeof repositories.$inferSelect;
export type NewRepository = typeof repositories.$inferInsert;
export type ApprovedRepo = typeof approvedRepos.$inferSelect;
export type ApprovedJar = typeof approvedJars.$inferSelect;
export type Plugin = typeof plugins.$inferSelect;
export type NewPlugin = typeof plugins.$inferInsert;
export type PluginLink = typeof pluginLinks.$inferSelect;
export type NewPluginLink = typeof pluginLinks.$inferInsert;
export type RepoUpdate = typeof repoUpdates.$inferSelect;
export type NewRepoUpdate = typeof repoUpdates.$inferInsert;
