import {
  releasePublishedResponse,
  repoUpdatesFlushedResponse,
  repoUpdatesQueuedResponse,
} from '@ember/contracts/repo-updates';
import { endedSessionsResponse } from '@ember/contracts/sessions';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys/admin.ts';

/** `?force=true`, or no flag at all. */
const forceQuery = (force: boolean) => ({ force: force ? 'true' : undefined });

/** DELETE shop /sessions/flush (admins): ends every game-client session of every user. */
export function flushAllSessions() {
  return apiFetch('shop', '/sessions/flush', endedSessionsResponse, { method: 'DELETE' });
}

/** POST shop /commands/update-loader?force (admins): publishes the loader build. */
export function updateLoader(force: boolean) {
  return apiFetch('shop', '/commands/update-loader', releasePublishedResponse, {
    method: 'POST',
    query: forceQuery(force),
  });
}

/** POST shop /commands/update-classpath?force (admins): publishes the server classpath build. */
export function updateClasspath(force: boolean) {
  return apiFetch('shop', '/commands/update-classpath', releasePublishedResponse, {
    method: 'POST',
    query: forceQuery(force),
  });
}

/** POST shop /repo-updates/all?force (admins): queues an update of every repository. */
export function requestAllRepoUpdates(force: boolean) {
  return apiFetch('shop', '/repo-updates/all', repoUpdatesQueuedResponse, {
    method: 'POST',
    query: forceQuery(force),
  });
}

/** PUT shop /repo-updates/flush (admins): cancels the queued updates that have not started. */
export function flushRepoUpdates() {
  return apiFetch('shop', '/repo-updates/flush', repoUpdatesFlushedResponse, { method: 'PUT' });
}

/** The admin controls, by name; each answers with the §8 message to show. */
export const ADMIN_COMMANDS: Record<AdminCommand, (force: boolean) => Promise<{ message: string }>> = {
  clearSessions: () => flushAllSessions(),
  updateLoader,
  updateClasspath,
  forceRepoUpdates: requestAllRepoUpdates,
  flushUpdates: () => flushRepoUpdates(),
};
export type AdminCommand =
  | 'clearSessions'
  | 'updateLoader'
  | 'updateClasspath'
  | 'forceRepoUpdates'
  | 'flushUpdates';

/**
 * Runs one admin control; the success toast is the server's message (the spec §8 text), then the
 * repo-update lists read again when the queue changed.
 */
export function useAdminCommand(command: AdminCommand) {
  const queueChanged = command === 'forceRepoUpdates' || command === 'flushUpdates';
  return useActionMutation({
    mutationFn: (force: boolean) => ADMIN_COMMANDS[command](force),
    success: (answer) => answer.message,
    refresh: queueChanged ? [adminKeys.repoUpdates] : [],
  });
}
