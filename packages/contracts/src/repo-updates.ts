import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from './constants.ts';
import { CLIENT_RELEASE_KINDS, REPO_UPDATE_OUTCOMES, REPO_UPDATE_STATUSES } from './enums.ts';
import { idField, idParam } from './ids.ts';
import { pageNumberParam, pageOf, pageSizeParam } from './paging.ts';
import { z } from './zod.ts';

// Contracts of the client delivery service (spec §7): repository updates, approved repositories and
// jars, and the loader and server-classpath releases. Success toasts are the spec's (§8).

export const UPDATE_QUEUED_MESSAGE = 'Update queued';
export const UPDATES_FLUSHED_MESSAGE = 'Updates flushed';
export const REPO_APPROVED_MESSAGE = 'Repo approved!';
export const JAR_APPROVED_MESSAGE = 'Jar approved!';
export const LOADER_UPDATED_MESSAGE = 'Loader updated!';
export const CLASSPATH_UPDATED_MESSAGE = 'Classpath updated!';

/** `?force=true` (also 1, or the bare flag `?force`); anything else but false/0 is refused. */
const flagParam = (what: string) =>
  z
    .enum(['', 'true', 'false', '1', '0'], { error: `${what} must be true or false.` })
    .optional()
    .transform((value) => value === '' || value === 'true' || value === '1');

const flagField = (what: string) => z.boolean({ error: `${what} must be true or false.` }).default(false);

// ---------------------------------------------------------------------------------------------
// Repository updates

export const repoUpdateResponse = z.object({
  id: z.number().int(),
  repositoryId: z.number().int(),
  /** The repository's URL (spec §3 Repo update: repo). */
  repoUrl: z.string(),
  reason: z.string(),
  status: z.enum(REPO_UPDATE_STATUSES),
  force: z.boolean(),
  flush: z.boolean(),
  /** Why it failed, in words for the developer; null unless FAILED (or waiting for a retry). */
  error: z.string().nullable(),
  /** The commit the update read, once fetched (a FAILED update's too, when it got that far). */
  commitSha: z.string().nullable(),
  /** DONE only: PUBLISHED new versions, or UNCHANGED (the commit and the delivery settings as last time). */
  outcome: z.enum(REPO_UPDATE_OUTCOMES).nullable(),
  /** PUBLISHED only: how many plugins plugins.json listed, and their versions (distinct, in file order). */
  publishedPlugins: z.number().int().nullable(),
  publishedVersions: z.array(z.string()),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type RepoUpdateResponse = z.infer<typeof repoUpdateResponse>;
export const repoUpdatePageResponse = pageOf(repoUpdateResponse);
export type RepoUpdatePage = z.infer<typeof repoUpdatePageResponse>;

/** GET /repo-updates?repoId&status&page&size: newest first; admins see all, a developer their repositories'. */
export const repoUpdatesQuery = z.object({
  page: pageNumberParam,
  size: pageSizeParam(TABLE_DEFAULT_PAGE_SIZE, Math.max(...TABLE_PAGE_SIZES)),
  repoId: idParam('repository').optional(),
  status: z
    .enum(REPO_UPDATE_STATUSES, { error: `The status must be one of ${REPO_UPDATE_STATUSES.join(', ')}.` })
    .optional(),
});

/**
 * POST /repo-updates {repoId, flush, reason, force}: `force` registers the plugins again even when
 * the commit did not change; `flush` also drops the repository's plugins that plugins.json no longer
 * lists (refused while a price grants one of them).
 */
export const requestRepoUpdateBody = z.object(
  {
    repoId: idField('repository'),
    reason: z
      .string({ error: 'The reason must be text.' })
      .trim()
      .max(200, 'The reason can be at most 200 characters.')
      .default(''),
    force: flagField('Force'),
    flush: flagField('Flush'),
  },
  { error: 'The request body must be a JSON object.' },
);
export type RequestRepoUpdateBody = z.input<typeof requestRepoUpdateBody>;

export const repoUpdateQueuedResponse = z.object({ message: z.string(), update: repoUpdateResponse });
export type RepoUpdateQueuedResponse = z.infer<typeof repoUpdateQueuedResponse>;

/** POST /repo-updates/all?force */
export const requestAllRepoUpdatesQuery = z.object({ force: flagParam('Force') });
export const repoUpdatesQueuedResponse = z.object({ message: z.string(), queued: z.number().int() });

/** PUT /repo-updates/flush: the PENDING updates not started yet are cancelled. */
export const repoUpdatesFlushedResponse = z.object({ message: z.string(), cancelled: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Approved repositories and jars

const githubName = (what: string) =>
  z
    .string({ error: `The ${what} is required.` })
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,100}$/, `The ${what} may hold letters, digits, '.', '-' and '_' (at most 100).`)
    .refine(
      (value) => value !== '.' && value !== '..',
      `The ${what} may hold letters, digits, '.', '-' and '_' (at most 100).`,
    );

/** POST /approved-repos?owner&name&token (spec §7). */
export const approveRepoQuery = z.object({
  owner: githubName('owner'),
  name: githubName('name'),
  /** Accepted for the spec's call; not stored (see docs/decisions/0025-plugin-delivery.md). */
  token: z.string().max(500).optional(),
});
export type ApproveRepoQuery = z.input<typeof approveRepoQuery>;

export const approvedRepoResponse = z.object({
  id: z.number().int(),
  owner: z.string(),
  name: z.string(),
  /** Derived from the raw-content address of the repository (spec §3 Approved repo). */
  url: z.string(),
  createdAt: z.iso.datetime(),
});
export type ApprovedRepoResponse = z.infer<typeof approvedRepoResponse>;
export const approvedRepoCreatedResponse = z.object({ message: z.string(), repo: approvedRepoResponse });

export const approvedListQuery = z.object({
  page: pageNumberParam,
  size: pageSizeParam(TABLE_DEFAULT_PAGE_SIZE, Math.max(...TABLE_PAGE_SIZES)),
});
export const approvedRepoPageResponse = pageOf(approvedRepoResponse);

export const approvedJarResponse = z.object({
  id: z.number().int(),
  sha256: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type ApprovedJarResponse = z.infer<typeof approvedJarResponse>;
export const approvedJarPageResponse = pageOf(approvedJarResponse);
export const approvedJarCreatedResponse = z.object({ message: z.string(), jar: approvedJarResponse });

/** POST /approved-jars: one multipart file part; its file name is checked with this. */
export const approvedJarFileName = z
  .string({ error: 'The jar needs a file name.' })
  .trim()
  .regex(/^[A-Za-z0-9_.+-]{1,200}\.jar$/i, "The file name must end in .jar and hold no '/' or spaces.");

// ---------------------------------------------------------------------------------------------
// Loader and server classpath releases

export const clientReleaseResponse = z.object({
  id: z.number().int(),
  kind: z.enum(CLIENT_RELEASE_KINDS),
  version: z.string(),
  sha256: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type ClientReleaseResponse = z.infer<typeof clientReleaseResponse>;
export const releasePublishedResponse = z.object({ message: z.string(), release: clientReleaseResponse });

/** POST /commands/update-loader?force (and update-classpath): force publishes a version again. */
export const publishReleaseQuery = z.object({ force: flagParam('Force') });
