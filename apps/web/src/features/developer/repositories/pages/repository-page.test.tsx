import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../../lib/toast/notify.ts';
import { inOrder, json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { developer } from '../../../../test/test-users.ts';
import { spyOnToasts } from '../../../../test/toasts.ts';
import RepositoryPage from './repository-page.tsx';

const REPO = 'GET /api/shop/plugin-repos/5';
const PLUGINS = 'GET /api/shop/plugins/by-repo/5';
const UPDATES = 'GET /api/shop/repo-updates';
const PUT_REPO = 'PUT /api/shop/plugin-repos/5';
const QUEUE = 'POST /api/shop/repo-updates';

const repository = {
  id: 5,
  ownerId: 7,
  url: 'https://git.example.com/devon/plugins.git',
  obfuscation: 'NONE',
  obfuscatorConfig: null,
  storm2: false,
  hasAccessToken: true,
  pluginCount: 2,
  createdAt: '2026-11-01T12:00:00.000Z',
};

const plugin = (id: number, name: string, description: string) => ({
  id,
  repositoryId: 5,
  name,
  description,
  version: '1.4.0',
});

const update = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  repositoryId: 5,
  repoUrl: 'https://git.example.com/devon/plugins.git',
  status,
  reason: 'Checked for updates on the repository page',
  force: false,
  flush: false,
  error: null,
  commitSha: null,
  outcome: null,
  publishedPlugins: null,
  publishedVersions: [],
  createdAt: '2026-11-25T18:00:00.000Z',
  startedAt: status === 'PENDING' ? null : '2026-11-25T18:00:01.000Z',
  finishedAt: status === 'DONE' || status === 'FAILED' ? '2026-11-25T18:00:09.000Z' : null,
  ...extra,
});

const failed = update(1, 'FAILED', {
  reason: 'Repository added',
  error: 'plugins.json: "Fletcher" has no artifact path.',
});

type Handlers = Parameters<typeof mockApi>[0];

function mockRepository(handlers: Handlers = {}) {
  return mockApi({
    [REPO]: () => json(repository),
    [PLUGINS]: () =>
      json({
        content: [plugin(21, 'Fletcher', 'Fletches logs.'), plugin(22, 'Miner', '')],
        totalPages: 1,
      }),
    [UPDATES]: () => json({ content: [failed], totalPages: 1 }),
    ...handlers,
  });
}

function renderAt(route = '/developer/repository/5') {
  return renderWithProviders(
    <Routes>
      <Route path="/developer/repository/:id" element={<RepositoryPage />} />
      <Route path="/developer" element={<h1>Developer Dashboard</h1>} />
      <Route path="/account" element={<h1>My Account</h1>} />
    </Routes>,
    { route, user: developer },
  );
}

const card = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('section') as HTMLElement;
const bodyOf = (api: ReturnType<typeof mockApi>, method: string, path: string) =>
  JSON.parse(
    String(
      api.spy.mock.calls.find(([url, init]) => String(url).endsWith(path) && init?.method === method)?.[1]
        ?.body,
    ),
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('the repository page (issue 19)', () => {
  it('shows breadcrumbs to the repository url, its settings, its plugins and its updates with their errors', async () => {
    const api = mockRepository();
    renderAt();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'git.example.com/devon/plugins.git' }),
    ).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe(
      `HomeDeveloper Dashboard${repository.url}`,
    );
    expect(screen.getByTestId('repository-obfuscation').textContent).toBe('NONE');

    const plugins = await within(card('Plugins')).findByRole('table', { name: 'Plugins' });
    expect(within(plugins).getByRole('rowheader', { name: 'Fletcher' })).toBeTruthy();
    expect(within(plugins).getByText('No description')).toBeTruthy();
    expect(api.last(PLUGINS)?.url.searchParams.get('size')).toBe('100');

    const updates = await within(card('Updates')).findByRole('table', { name: 'Updates' });
    expect(within(updates).getByText('Failed')).toBeTruthy();
    expect(within(updates).getByText('Repository added')).toBeTruthy();
    expect(within(updates).getByText('plugins.json: "Fletcher" has no artifact path.')).toBeTruthy();
    expect(api.last(UPDATES)?.url.searchParams.get('repoId')).toBe('5');
  });

  it.each([403, 404])('sends someone the server refuses (%i) to /account', async (status) => {
    mockRepository({ [REPO]: () => json({ message: 'No repository with id 5.' }, status) });
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
  });

  it("refuses an obfuscator config that is not JSON with 'Obfuscator config must be valid JSON', then saves", async () => {
    const { error, success } = spyOnToasts();
    const api = mockRepository({
      [PUT_REPO]: () =>
        json({ ...repository, obfuscation: 'SOX', obfuscatorConfig: { renameClasses: true } }),
    });
    renderAt();
    await screen.findByRole('heading', { level: 2, name: 'Repository' });
    fireEvent.click(within(card('Repository')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit repository' });

    fireEvent.change(within(dialog).getByLabelText('Obfuscation'), { target: { value: 'SOX' } });
    fireEvent.change(within(dialog).getByLabelText('Obfuscator config'), {
      target: { value: '{ renameClasses: true' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Obfuscator config must be valid JSON')).toBeTruthy();
    // Once, under its field (issue 26, item 6): not also as a toast.
    expect(error).not.toHaveBeenCalled();
    expect(api.keys()).not.toContain(PUT_REPO);

    fireEvent.change(within(dialog).getByLabelText('Obfuscator config'), {
      target: { value: '{ "renameClasses": true }' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Repository updated!'));
    // A blank token keeps the stored one: it is not sent.
    expect(bodyOf(api, 'PUT', '/plugin-repos/5')).toEqual({
      id: 5,
      obfuscation: 'SOX',
      obfuscatorConfig: { renameClasses: true },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('removes the stored access token when asked to', async () => {
    vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockRepository({ [PUT_REPO]: () => json({ ...repository, hasAccessToken: false }) });
    renderAt();
    await screen.findByRole('heading', { level: 2, name: 'Repository' });
    fireEvent.click(within(card('Repository')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit repository' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Remove the stored token/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.keys()).toContain(PUT_REPO));
    expect(bodyOf(api, 'PUT', '/plugin-repos/5')).toEqual({
      id: 5,
      accessToken: null,
      obfuscation: 'NONE',
      obfuscatorConfig: null,
    });
  });

  it("checks for updates: 'Update queued', then reads the list again until the update is done", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const done = update(2, 'DONE', {
      commitSha: 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0',
      outcome: 'PUBLISHED',
      publishedPlugins: 2,
      publishedVersions: ['1.1.0'],
    });
    const api = mockRepository({
      [UPDATES]: inOrder(
        () => json({ content: [failed], totalPages: 1 }),
        () => json({ content: [update(2, 'PENDING'), failed], totalPages: 1 }),
        () => json({ content: [update(2, 'PENDING'), failed], totalPages: 1 }),
        () => json({ content: [update(2, 'RUNNING'), failed], totalPages: 1 }),
        () => json({ content: [done, failed], totalPages: 1 }),
      ),
      [QUEUE]: () => json({ message: 'Update queued', update: update(2, 'PENDING') }, 202),
    });
    renderAt();
    const updates = await screen.findByRole('table', { name: 'Updates' });
    await within(updates).findByText('Failed');

    fireEvent.click(screen.getByRole('button', { name: 'Check for updates' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Update queued'));
    expect(bodyOf(api, 'POST', '/repo-updates')).toEqual({
      repoId: 5,
      reason: 'Checked for updates on the repository page',
      force: false,
      flush: false,
    });
    expect(await within(updates).findByText('Queued')).toBeTruthy();

    const pluginReadsBefore = api.count(PLUGINS);
    // Read again every 2 s: still queued, running, then done.
    await vi.advanceTimersByTimeAsync(6_000);
    expect(await within(updates).findByText('Done')).toBeTruthy();
    expect(within(updates).getByText('Published v1.1.0 (2 plugins)')).toBeTruthy();
    // The finished update may have published plugins: the table is read again, and the polling stops.
    await waitFor(() => expect(api.count(PLUGINS)).toBeGreaterThan(pluginReadsBefore));
    const updateReads = api.count(UPDATES);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(api.count(UPDATES)).toBe(updateReads);
  });

  // Issue 32: a publication tells itself from "nothing new", and a failure names its commit.
  it('tells a publication from an update that found nothing new, and shows which commit failed', async () => {
    mockRepository({
      [UPDATES]: () =>
        json({
          content: [
            update(4, 'DONE', {
              commitSha: 'be4d761aa1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6',
              outcome: 'UNCHANGED',
            }),
            update(3, 'DONE', {
              commitSha: 'be4d761aa1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6',
              outcome: 'PUBLISHED',
              publishedPlugins: 1,
              publishedVersions: ['2.0.0'],
            }),
            update(2, 'FAILED', {
              commitSha: 'c0ffee0aa1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6',
              error: 'plugins.json is not valid JSON: line 3, column 19: a comma expected.',
            }),
          ],
          totalPages: 1,
        }),
    });
    renderAt();
    const updates = await screen.findByRole('table', { name: 'Updates' });
    expect(await within(updates).findByText('Up to date (no change since be4d761)')).toBeTruthy();
    expect(within(updates).getByText('Published v2.0.0 (1 plugin)')).toBeTruthy();
    expect(
      within(updates).getByText('plugins.json is not valid JSON: line 3, column 19: a comma expected.'),
    ).toBeTruthy();
    expect(within(updates).getByText('at commit c0ffee0')).toBeTruthy();
  });

  it('edits a plugin description and deletes a plugin after a confirmation', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockRepository({
      'PUT /api/shop/plugins/21': () => json(plugin(21, 'Fletcher', 'Fletches every log.')),
      'DELETE /api/shop/plugins/22': () => new Response(null, { status: 204 }),
    });
    renderAt();
    const plugins = await screen.findByRole('table', { name: 'Plugins' });

    fireEvent.click(await within(plugins).findByRole('button', { name: 'Edit Fletcher' }));
    const edit = screen.getByRole('dialog', { name: 'Edit Fletcher' });
    const description = within(edit).getByLabelText('Description') as HTMLTextAreaElement;
    expect(description.value).toBe('Fletches logs.');
    fireEvent.change(description, { target: { value: 'Fletches every log.' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save description' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Plugin updated!'));
    expect(bodyOf(api, 'PUT', '/plugins/21')).toEqual({ description: 'Fletches every log.' });

    fireEvent.click(within(plugins).getByRole('button', { name: 'Delete Miner' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Miner?' });
    expect(api.keys()).not.toContain('DELETE /api/shop/plugins/22');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete plugin' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Plugin deleted!'));
    expect(api.keys()).toContain('DELETE /api/shop/plugins/22');
  });

  it('deletes the repository after a confirmation and goes back to the developer dashboard', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockRepository({
      'DELETE /api/shop/plugin-repos/5': () => new Response(null, { status: 204 }),
    });
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete repository' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this repository?' });
    expect(api.keys()).not.toContain('DELETE /api/shop/plugin-repos/5');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete repository' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Developer Dashboard' })).toBeTruthy();
    expect(success).toHaveBeenCalledWith('Repository deleted!');
  });
});
