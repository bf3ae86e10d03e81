import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import git, { type HttpClient } from 'isomorphic-git';
import { UnsafeRepositoryUrl } from './repository-url-policy.ts';
import { RepositoryTransferError } from './safe-git-http.ts';

/** One commit of a repository, read without a checkout (no file of it is ever written as a file). */
export interface RepositorySnapshot {
  commitSha: string;
  /** The bytes of a file at that commit, or null when there is none at this path. */
  readFile(filepath: string): Promise<Uint8Array | null>;
}

/**
 * Why a fetch failed, in words for the developer. `permanent` failures (refused address, unknown
 * repository, refused token) are not worth retrying; a network failure or a 5xx may pass.
 */
export class RepositoryFetchFailed extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'RepositoryFetchFailed';
  }
}

function describe(error: unknown): RepositoryFetchFailed {
  if (error instanceof RepositoryFetchFailed) return error;
  if (error instanceof UnsafeRepositoryUrl) return new RepositoryFetchFailed(error.message, true);
  if (error instanceof RepositoryTransferError) return new RepositoryFetchFailed(error.message, true);
  const code = (error as { code?: string }).code;
  const data = (error as { data?: { statusCode?: number; statusMessage?: string } }).data;
  if (code === 'HttpError' && data?.statusCode) {
    const status = data.statusCode;
    if (status === 401 || status === 403) {
      return new RepositoryFetchFailed('The repository refused access: check the access token.', true);
    }
    if (status === 404) {
      return new RepositoryFetchFailed('The repository was not found: check its URL and access token.', true);
    }
    const answer = `${status} ${data.statusMessage ?? ''}`.trim();
    return new RepositoryFetchFailed(`The repository server answered ${answer}.`, status < 500);
  }
  if (code === 'UserCanceledError') {
    return new RepositoryFetchFailed('The repository refused access: check the access token.', true);
  }
  if (code === 'NotFoundError' || code === 'EmptyServerResponseError') {
    return new RepositoryFetchFailed('The repository has no commits on its default branch.', true);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RepositoryFetchFailed(`Could not fetch the repository: ${message}`, false);
}

/**
 * Fetches the default branch's latest commit (depth 1, one branch, over smart HTTP through `http`)
 * into a temporary folder, lets `use` read it, and removes the folder whatever happens.
 */
export async function withRepositorySnapshot<T>(
  source: { url: string; accessToken: string | null; http: HttpClient },
  use: (snapshot: RepositorySnapshot) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ember-repo-'));
  try {
    let commitSha: string;
    try {
      await git.clone({
        fs,
        http: source.http,
        dir,
        url: source.url,
        singleBranch: true,
        depth: 1,
        noCheckout: true,
        noTags: true,
        ...(source.accessToken && {
          onAuth: () => ({ username: 'x-access-token', password: source.accessToken ?? '' }),
          onAuthFailure: () => ({ cancel: true }),
        }),
      });
      commitSha = await git.resolveRef({ fs, dir, ref: 'HEAD' });
    } catch (error) {
      throw describe(error);
    }
    return await use({
      commitSha,
      async readFile(filepath) {
        try {
          const { blob } = await git.readBlob({ fs, dir, oid: commitSha, filepath });
          return blob;
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'NotFoundError' || code === 'ObjectTypeError') return null;
          throw error;
        }
      },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
