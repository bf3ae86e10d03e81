import { PLUGIN_ATTACH_PAGE_SIZE, TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from './constants.ts';
import { obfuscationSchema } from './enum-schemas.ts';
import { OBFUSCATIONS, REPO_UPDATE_STATUSES } from './enums.ts';
import { idField, idParam } from './ids.ts';
import { pageNumberParam, pageOf, pageSizeParam } from './paging.ts';
import { z } from './zod.ts';

// Contracts of a developer's repositories, their plugins and the plugins attached to prices
// (spec §7 Repositories, plugins, links; §3 Repository, Plugin, Plugin link). The repository's
// access token is write-only: requests may carry it, no response ever does.

/** Spec §5: the obfuscator config is checked as JSON on edit. */
export const OBFUSCATOR_CONFIG_INVALID_MESSAGE = 'Obfuscator config must be valid JSON';
export const REPOSITORY_URL_INVALID_MESSAGE =
  'The repository URL must be an https:// address of a git repository.';

/** Success toasts (the spec names none for these; worded like its others). */
export const REPOSITORY_ADDED_MESSAGE = 'Repository added successfully!';
export const REPOSITORY_UPDATED_MESSAGE = 'Repository updated!';
export const REPOSITORY_DELETED_MESSAGE = 'Repository deleted!';
export const PLUGIN_ATTACHED_MESSAGE = 'Plugin attached!';
export const PLUGIN_UNLINKED_MESSAGE = 'Plugin unlinked!';

// ---------------------------------------------------------------------------------------------
// Repositories

export const repositoryResponse = z.object({
  id: z.number().int(),
  ownerId: z.number().int(),
  url: z.string(),
  obfuscation: obfuscationSchema,
  /** JSON object given to the obfuscator (SOX); null when none. */
  obfuscatorConfig: z.record(z.string(), z.unknown()).nullable(),
  /** Built for the second-generation client. */
  storm2: z.boolean(),
  /** Whether an access token is stored; the token itself is never sent back. */
  hasAccessToken: z.boolean(),
  pluginCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type RepositoryResponse = z.infer<typeof repositoryResponse>;
export const repositoriesResponse = z.array(repositoryResponse);

export const repositoryIdParams = z.object({ id: idParam('repository') });

/**
 * GET /plugin-repos?ownerId: the caller's repositories, or (admins, and the developer themself)
 * those of `ownerId`, e.g. the price owner's when an admin attaches a plugin on their price.
 */
export const repositoriesQuery = z.object({ ownerId: idParam('owner').optional() });

/** GET /plugin-repos/all?page&size&search (admins): every developer's repositories, newest first. */
export const allRepositoriesQuery = z.object({
  page: pageNumberParam,
  size: pageSizeParam(TABLE_DEFAULT_PAGE_SIZE, Math.max(...TABLE_PAGE_SIZES)),
  /** Part of the URL, or the owner's username, display name or Discord id. */
  search: z
    .string({ error: 'The search must be text.' })
    .trim()
    .max(100, 'The search can be at most 100 characters.')
    .optional()
    .transform((value) => value || undefined),
});

/** A repository on the admin panel: its owner and how its last update went (null: never updated). */
export const adminRepositoryResponse = z.object({
  id: z.number().int(),
  url: z.string(),
  obfuscation: obfuscationSchema,
  storm2: z.boolean(),
  pluginCount: z.number().int(),
  createdAt: z.iso.datetime(),
  owner: z.object({
    id: z.number().int(),
    username: z.string(),
    displayName: z.string(),
    discordId: z.string(),
  }),
  lastUpdate: z
    .object({
      status: z.enum(REPO_UPDATE_STATUSES),
      error: z.string().nullable(),
      createdAt: z.iso.datetime(),
    })
    .nullable(),
});
export type AdminRepositoryResponse = z.infer<typeof adminRepositoryResponse>;
export const adminRepositoryPageResponse = pageOf(adminRepositoryResponse);
export type AdminRepositoryPage = z.infer<typeof adminRepositoryPageResponse>;

const repositoryUrl = z
  .string({ error: REPOSITORY_URL_INVALID_MESSAGE })
  .trim()
  .max(500, 'The repository URL can be at most 500 characters.')
  // Only the shape: which schemes, hosts and addresses the server fetches is its policy
  // (REPOSITORY_HOSTS, integrations/git), which answers with its own message.
  .refine((value) => {
    try {
      return new URL(value).pathname.length > 1;
    } catch {
      return false;
    }
  }, REPOSITORY_URL_INVALID_MESSAGE);

/** Blank means none. */
const accessTokenField = z
  .string({ error: 'The access token must be text.' })
  .trim()
  .max(500, 'The access token can be at most 500 characters.')
  .refine((value) => !/\s/.test(value), 'The access token cannot contain spaces.');

const obfuscationField = z.enum(OBFUSCATIONS, {
  error: `Obfuscation must be one of ${OBFUSCATIONS.join(', ')}.`,
});

const storm2Field = z.boolean({ error: 'The second-generation client flag must be true or false.' });

/** A JSON object, sent as an object or as the JSON text typed in the edit form; blank or null means none. */
const obfuscatorConfigField = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.null()], {
    error: OBFUSCATOR_CONFIG_INVALID_MESSAGE,
  })
  .transform((value, ctx): Record<string, unknown> | null => {
    if (value === null) return null;
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return null;
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return parsed as Record<string, unknown>;
      }
    } catch {
      // falls through to the message below
    }
    ctx.addIssue({ code: 'custom', message: OBFUSCATOR_CONFIG_INVALID_MESSAGE });
    return z.NEVER;
  })
  .refine(
    (value) => value === null || JSON.stringify(value).length <= 20_000,
    'The obfuscator config can be at most 20000 characters of JSON.',
  );

/** POST /plugin-repos: {url, accessToken, obfuscation, storm2} (spec §7). */
export const createRepositoryBody = z.object(
  {
    url: repositoryUrl,
    accessToken: accessTokenField.nullish().transform((value) => value || null),
    obfuscation: obfuscationField.default('NONE'),
    storm2: storm2Field.default(false),
  },
  { error: 'The request body must be a JSON object.' },
);
export type CreateRepositoryBody = z.input<typeof createRepositoryBody>;

/**
 * PUT /plugin-repos/{id}: {id, accessToken, obfuscation, obfuscatorConfig} (spec §7), plus url and
 * storm2. An omitted or blank access token keeps the stored one; `null` removes it. Omitted fields
 * are unchanged.
 */
export const updateRepositoryBody = z.object(
  {
    id: idField('repository'),
    url: repositoryUrl.optional(),
    accessToken: z
      .union([accessTokenField, z.null()], { error: 'The access token must be text.' })
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    obfuscation: obfuscationField.optional(),
    obfuscatorConfig: obfuscatorConfigField.optional(),
    storm2: storm2Field.optional(),
  },
  { error: 'The request body must be a JSON object.' },
);

// ---------------------------------------------------------------------------------------------
// Plugins

export const pluginResponse = z.object({
  id: z.number().int(),
  repositoryId: z.number().int(),
  name: z.string(),
  description: z.string(),
  version: z.string(),
});
export type PluginResponse = z.infer<typeof pluginResponse>;
export const pluginPageResponse = pageOf(pluginResponse);
export type PluginPage = z.infer<typeof pluginPageResponse>;

export const pluginsOfRepositoryParams = z.object({ repositoryId: idParam('repository') });

/** GET /plugins/by-repo/{repositoryId}?page&size: by name; the attach modal reads 100 per page (spec §9). */
export const pluginsOfRepositoryQuery = z.object({
  page: pageNumberParam,
  size: pageSizeParam(PLUGIN_ATTACH_PAGE_SIZE, PLUGIN_ATTACH_PAGE_SIZE),
});

export const pluginIdParams = z.object({ id: idParam('plugin') });

/** PUT /plugins/{id} {description}: the repository page's plugin edit (name and version come from the manifest). */
export const updatePluginBody = z.object(
  {
    description: z
      .string({ error: 'The description must be text.' })
      .trim()
      .max(2000, 'A plugin description can be at most 2000 characters.'),
  },
  { error: 'The request body must be a JSON object.' },
);
export type UpdatePluginBody = z.input<typeof updatePluginBody>;

// ---------------------------------------------------------------------------------------------
// Plugin links (a plugin attached to a price)

/** Spec §3 Plugin link per price. */
export const pluginLinkResponse = z.object({
  id: z.number().int(),
  priceId: z.number().int(),
  pluginId: z.number().int(),
  name: z.string(),
  description: z.string(),
  repositoryId: z.number().int(),
  repoUrl: z.string(),
  /** Sessions per subscriber; 0 means unlimited. */
  sessionLimit: z.number().int(),
});
export type PluginLinkResponse = z.infer<typeof pluginLinkResponse>;
export const pluginLinksResponse = z.array(pluginLinkResponse);

export const pluginLinksOfPriceParams = z.object({ priceId: idParam('price') });
export const pluginLinkIdParams = z.object({ id: idParam('plugin link') });

/** POST /plugin-links?priceId */
export const createPluginLinkQuery = z.object({ priceId: idParam('price') });

const SESSIONS_INVALID_MESSAGE = 'The session limit must be a whole number, 0 (unlimited) or more.';

/** POST /plugin-links?priceId body: {pluginId, sessions}; the session limit defaults to 0 = unlimited (spec §9). */
export const createPluginLinkBody = z.object(
  {
    pluginId: idField('plugin'),
    sessions: z
      .number({ error: SESSIONS_INVALID_MESSAGE })
      .int(SESSIONS_INVALID_MESSAGE)
      .min(0, SESSIONS_INVALID_MESSAGE)
      .max(1000, 'The session limit can be at most 1000.')
      .default(0),
  },
  { error: 'The request body must be a JSON object.' },
);
export type CreatePluginLinkBody = z.input<typeof createPluginLinkBody>;
