import type { Db } from '@ember/db/types';
import type { Principal } from '../../plugins/access-control.ts';
import { deleteSessionsOfUser } from './sessions.repository.ts';

export function createSessionsService({ db }: { db: Db }) {
  return {
    /** "Reset Sessions": ends every game-client session of the caller, freeing their session slots. */
    resetOwnSessions(principal: Principal) {
      return deleteSessionsOfUser(db, principal.userId);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
