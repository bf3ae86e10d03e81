import {
  RepositoryFetchFailed,
  type RepositorySnapshot,
  withRepositorySnapshot,
} from './fetch-repository.ts';
import { parsePrivateNetworks } from './private-networks.ts';
import {
  createRepositoryUrlPolicy,
  type RepositoryUrlPolicy,
  type Resolver,
  UnsafeRepositoryUrl,
} from './repository-url-policy.ts';
import { createSafeGitHttp } from './safe-git-http.ts';

/** The policy from the server's config (REPOSITORY_HOSTS and the test-only switches). */
export function repositoryUrlPolicyFrom(
  env: {
    REPOSITORY_HOSTS: string[];
    REPOSITORY_HTTP_HOSTS: string[];
    REPOSITORY_ALLOW_LOOPBACK_FOR_TESTS: boolean;
    REPOSITORY_PRIVATE_NETWORKS: string[];
  },
  resolve?: Resolver,
): RepositoryUrlPolicy {
  return createRepositoryUrlPolicy({
    allowedHosts: env.REPOSITORY_HOSTS,
    httpHosts: env.REPOSITORY_HTTP_HOSTS,
    allowLoopback: env.REPOSITORY_ALLOW_LOOPBACK_FOR_TESTS,
    // Checked at boot (config/env.ts): a list that does not parse never gets here.
    privateNetworks: parsePrivateNetworks(env.REPOSITORY_PRIVATE_NETWORKS) ?? undefined,
    ...(resolve && { resolve }),
  });
}

/**
 * Reads a repository's latest commit over smart HTTP through the policy: the URL is checked again
 * at fetch time (DNS may have changed since it was saved), then every connection and redirect.
 */
export function createRepositoryReader(policy: RepositoryUrlPolicy, options: { timeoutMs?: number } = {}) {
  const http = createSafeGitHttp(policy, { timeoutMs: options.timeoutMs ?? 60_000 });
  return async <T>(
    source: { url: string; accessToken: string | null },
    use: (snapshot: RepositorySnapshot) => Promise<T>,
  ): Promise<T> => {
    try {
      await policy.check(source.url);
    } catch (error) {
      if (error instanceof UnsafeRepositoryUrl) throw new RepositoryFetchFailed(error.message, true);
      throw error;
    }
    return withRepositorySnapshot({ ...source, http }, use);
  };
}
