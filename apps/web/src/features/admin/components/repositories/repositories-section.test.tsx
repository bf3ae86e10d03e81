import type { AdminRepositoryResponse } from '@ember/contracts/delivery';
import type { RepoUpdateResponse } from '@ember/contracts/repo-updates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../../lib/toast/notify.ts';
import { json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { vipOwner } from '../../../../test/test-users.ts';
import RepositoriesSection from './repositories-section.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const REPOS = 'GET /api/shop/plugin-repos/all';
const UPDATES = 'GET /api/shop/repo-updates';
const APPROVED_REPOS = 'GET /api/shop/approved-repos';
const APPROVED_JARS = 'GET /api/shop/approved-jars';
const AT = '2026-11-20T10:00:00.000Z';

const repository: AdminRepositoryResponse = {
  id: 5,
  url: 'https://github.com/mossforge/plugins',
  obfuscation: 'SOX',
  storm2: false,
  pluginCount: 3,
  createdAt: AT,
  owner: { id: 1, username: 'mossforge', displayName: 'Mossforge Studios', discordId: '314159265358979301' },
  lastUpdate: { status: 'FAILED', error: 'plugins.json is missing', createdAt: AT },
};

const update = (overrides: Partial<RepoUpdateResponse>): RepoUpdateResponse => ({
  id: 40,
  repositoryId: 5,
  repoUrl: repository.url,
  reason: 'New release',
  status: 'FAILED',
  force: false,
  flush: false,
  error: 'plugins.json is missing',
  commitSha: null,
  outcome: null,
  publishedPlugins: null,
  publishedVersions: [],
  createdAt: AT,
  startedAt: AT,
  finishedAt: AT,
  ...overrides,
});

const page =
  <T,>(content: T[]) =>
  () =>
    json({ content, totalPages: content.length ? 1 : 0 });

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [REPOS]: page([repository]),
    [UPDATES]: page([update({}), update({ id: 41, status: 'RUNNING', error: null, reason: '' })]),
    [APPROVED_REPOS]: page([]),
    [APPROVED_JARS]: page([]),
    ...extra,
  });
}

describe('RepositoriesSection', () => {
  it("lists every developer's repositories with owner, obfuscation and last update, and searches them", async () => {
    const calls = api();
    renderWithProviders(<RepositoriesSection />, { user: vipOwner });
    const table = await screen.findByRole('table', { name: 'Developer repositories' });
    const row = (await within(table).findByText('github.com/mossforge/plugins')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Mossforge Studios')).toBeTruthy();
    expect(within(row).getByText('SOX')).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('plugins.json is missing')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search repositories' }), {
      target: { value: 'moss' },
    });
    await waitFor(() => expect(calls.last(REPOS)?.url.searchParams.get('search')).toBe('moss'));
  });

  it('shows the repo updates with reason, time, status and error, filters them, and queues one again', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const calls = api({
      'POST /api/shop/repo-updates': () =>
        json({ message: 'Update queued', update: update({ id: 42, status: 'PENDING', error: null }) }, 202),
    });
    renderWithProviders(<RepositoriesSection />, { user: vipOwner });
    const table = await screen.findByRole('table', { name: 'Repo updates' });
    const failed = (await within(table).findByText('New release')).closest('tr') as HTMLElement;
    expect(within(failed).getByText('plugins.json is missing')).toBeTruthy();
    const running = within(table)
      .getAllByRole('row')
      .find((row) => within(row).queryByText('Running'));
    expect(running && within(running).queryByRole('button')).toBeNull();
    fireEvent.click(within(failed).getByRole('button', { name: `Queue an update of ${repository.url}` }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Update queued'));
    const post = calls.spy.mock.calls.find(
      ([input, init]) => String(input).endsWith('/repo-updates') && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ repoId: 5, force: false, flush: false });

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'FAILED' } });
    await waitFor(() => expect(calls.last(UPDATES)?.url.searchParams.get('status')).toBe('FAILED'));
  });

  it("approves a repository by owner and name: 'Repo approved!'", async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const calls = api({
      'POST /api/shop/approved-repos': () =>
        json(
          {
            message: 'Repo approved!',
            repo: {
              id: 1,
              owner: 'runelite',
              name: 'plugin-hub',
              url: 'https://raw.githubusercontent.com/runelite/plugin-hub',
              createdAt: AT,
            },
          },
          201,
        ),
    });
    renderWithProviders(<RepositoriesSection />, { user: vipOwner });
    const form = await screen.findByRole('form', { name: 'Approve a repository' });
    fireEvent.click(within(form).getByRole('button', { name: 'Approve repo' }));
    expect(
      await within(form).findByText("The owner may hold letters, digits, '.', '-' and '_' (at most 100)."),
    ).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('GitHub owner'), { target: { value: 'runelite' } });
    fireEvent.change(within(form).getByLabelText('Repository name'), { target: { value: 'plugin-hub' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Approve repo' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Repo approved!'));
    const query = calls.last('POST /api/shop/approved-repos')?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({ owner: 'runelite', name: 'plugin-hub' });
    await waitFor(() =>
      expect((within(form).getByLabelText('GitHub owner') as HTMLInputElement).value).toBe(''),
    );
  });

  it("uploads a jar as multipart form data: 'Jar approved!'; a file that is not a jar is refused first", async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const calls = api({
      'POST /api/shop/approved-jars': () =>
        json(
          {
            message: 'Jar approved!',
            jar: {
              id: 1,
              sha256: 'cd'.repeat(32),
              fileName: 'gson-2.10.jar',
              sizeBytes: 2048,
              createdAt: AT,
            },
          },
          201,
        ),
    });
    renderWithProviders(<RepositoriesSection />, { user: vipOwner });
    const form = await screen.findByRole('form', { name: 'Approve a jar' });
    const input = within(form).getByLabelText('Jar file');
    fireEvent.click(within(form).getByRole('button', { name: 'Approve jar' }));
    expect(await within(form).findByText('Choose a .jar file to approve.')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt')] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Approve jar' }));
    expect(
      await within(form).findByText("The file name must end in .jar and hold no '/' or spaces."),
    ).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['jar bytes'], 'gson-2.10.jar')] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Approve jar' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Jar approved!'));
    const sent = calls.spy.mock.calls.find(
      ([url, init]) => String(url).includes('/approved-jars') && init?.method === 'POST',
    );
    const body = sent?.[1]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('gson-2.10.jar');
  });

  it('shows empty states', async () => {
    api({ [REPOS]: page([]), [UPDATES]: page([]) });
    renderWithProviders(<RepositoriesSection />, { user: vipOwner });
    expect(await screen.findByText('No developer has added a repository yet.')).toBeTruthy();
    expect(await screen.findByText('No repository updates yet.')).toBeTruthy();
    expect(await screen.findByText('No repository approved yet.')).toBeTruthy();
    expect(await screen.findByText('No jar approved yet.')).toBeTruthy();
  });
});
