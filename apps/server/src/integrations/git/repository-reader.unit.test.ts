import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitHttpServer, startGitHttpServer } from '../../../test-support/git-http-server.ts';
import { createRepositoryReader } from './repository-reader.ts';
import {
  createRepositoryUrlPolicy,
  PRIVATE_ADDRESS_MESSAGE,
  type Resolver,
} from './repository-url-policy.ts';

// The reader against a real git server, reached by a host name whose DNS answers the test controls:
// the connection goes through the policy's resolver, so an answer that changes after the check
// (DNS rebinding) is caught when connecting.

let git: GitHttpServer;
let commit: string;

beforeAll(async () => {
  git = await startGitHttpServer();
  commit = await git.commit('demo', { 'plugins.json': '{"plugins":[]}', 'libs/a.jar': 'jar' });
});

afterAll(() => git?.close());

const readerWith = (resolve: Resolver) =>
  createRepositoryReader(
    createRepositoryUrlPolicy({
      allowedHosts: ['repo.test'],
      httpHosts: ['repo.test'],
      allowLoopback: true,
      resolve,
    }),
  );

const urlOf = (name: string) => git.url(name).replace('127.0.0.1', 'repo.test');

describe('reading a repository through the guard', () => {
  it('fetches the latest commit by host name and reads files from git objects', async () => {
    const read = readerWith(async () => [{ address: '127.0.0.1', family: 4 }]);
    const files = await read({ url: urlOf('demo'), accessToken: null }, async (snapshot) => ({
      commitSha: snapshot.commitSha,
      manifest: new TextDecoder().decode((await snapshot.readFile('plugins.json')) ?? new Uint8Array()),
      missing: await snapshot.readFile('nothing/here.jar'),
    }));
    expect(files).toEqual({ commitSha: commit, manifest: '{"plugins":[]}', missing: null });
  });

  it('refuses when the host answers a private address at connect time, after a public one at check time', async () => {
    let calls = 0;
    const rebinding: Resolver = async () => {
      calls += 1;
      return [{ address: calls === 1 ? '140.82.121.4' : '10.0.0.7', family: 4 }];
    };
    await expect(
      readerWith(rebinding)(
        { url: urlOf('demo'), accessToken: null },
        async (snapshot) => snapshot.commitSha,
      ),
    ).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
    expect(calls).toBeGreaterThan(1);
  });

  it('says when the repository does not exist', async () => {
    const read = readerWith(async () => [{ address: '127.0.0.1', family: 4 }]);
    await expect(read({ url: urlOf('missing'), accessToken: null }, async () => null)).rejects.toThrow(
      'The repository was not found: check its URL and access token.',
    );
  });
});
