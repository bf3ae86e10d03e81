import { VOTE_COOLDOWN_HOURS } from '@ember/contracts/constants';
import {
  type CastVoteResponse,
  VOTE_COOLDOWN_MESSAGE,
  type VoteStatusResponse,
} from '@ember/contracts/votes';
import { TooManyRequests } from '../../lib/errors.ts';
import { actorOf, type Caller, type Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db, HandedDb } from './db.ts';
import { voteRewardFrom } from './vote-reward.ts';
import {
  findLastVoteAt,
  findVoteRewardSetting,
  insertVoteAfterCooldown,
  lockVotesOfUser,
  sumExtraSessions,
} from './votes.repository.ts';

const HOUR_MS = 3_600_000;
const COOLDOWN_MS = VOTE_COOLDOWN_HOURS * HOUR_MS;
const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);

export interface VotesDeps {
  db: Db;
  clock: () => Date;
  /** The subscriptions module's reward: hours added to the voter's active subscriptions, their ids. */
  subscriptions: {
    addVoteRewardHours(tx: HandedDb, userId: number, hours: number, now: Date): Promise<number[]>;
  };
  warn: (message: string) => void;
}

/** Votes (DESIGN §4): one per user per 4 hours, rewarded with subscription hours and extra sessions. */
export function createVotesService({ db, clock, subscriptions, warn }: VotesDeps) {
  const currentReward = async (tx: HandedDb) => voteRewardFrom(await findVoteRewardSetting(tx), warn);

  const nextVoteAfter = (lastVotedAt: Date | null, now: Date) => {
    if (!lastVotedAt) return null;
    const next = addMs(lastVotedAt, COOLDOWN_MS);
    return next > now ? next : null;
  };

  return {
    async statusOf(principal: Principal): Promise<VoteStatusResponse> {
      authorize(principal, 'vote:cast');
      const [lastVotedAt, reward] = await Promise.all([
        findLastVoteAt(db, principal.userId),
        currentReward(db),
      ]);
      return {
        lastVotedAt: lastVotedAt?.toISOString() ?? null,
        nextVoteAt: nextVoteAfter(lastVotedAt, clock())?.toISOString() ?? null,
        reward,
      };
    },

    /**
     * Records the caller's vote and applies the reward in one transaction: hours on every active,
     * time-limited subscription, and extra sessions recorded on the vote for the client API. A vote
     * within 4 hours of the last one is refused with 429 and the time of the next allowed vote.
     */
    async cast(caller: Caller): Promise<CastVoteResponse> {
      const role = authorize(caller, 'vote:cast');
      const now = clock();
      return db.transaction(async (tx) => {
        await lockVotesOfUser(tx, caller.userId);
        const reward = await currentReward(tx);
        // Applied first, undone by the rollback when the insert finds a vote inside the cooldown.
        const extended = await subscriptions.addVoteRewardHours(tx, caller.userId, reward.hours, now);
        const rewardHours = extended.length > 0 ? reward.hours : 0;
        const extraSessions = reward.extraSessionsHours > 0 ? reward.extraSessions : 0;
        const extraSessionsUntil = extraSessions > 0 ? addMs(now, reward.extraSessionsHours * HOUR_MS) : null;
        const id = await insertVoteAfterCooldown(
          tx,
          { userId: caller.userId, now, rewardHours, extraSessions, extraSessionsUntil },
          VOTE_COOLDOWN_HOURS,
        );
        if (id === null) {
          const next = nextVoteAfter(await findLastVoteAt(tx, caller.userId), now) ?? addMs(now, COOLDOWN_MS);
          throw new TooManyRequests(
            VOTE_COOLDOWN_MESSAGE,
            Math.ceil((next.getTime() - now.getTime()) / 1000),
          );
        }
        const vote: CastVoteResponse = {
          id,
          votedAt: now.toISOString(),
          nextVoteAt: addMs(now, COOLDOWN_MS).toISOString(),
          rewardHours,
          subscriptionsExtended: extended.length,
          extraSessions,
          extraSessionsUntil: extraSessionsUntil?.toISOString() ?? null,
        };
        await recordAudit(tx, actorOf(caller, role), {
          action: 'vote:cast',
          target: { kind: 'VOTE', id },
          after: {
            rewardHours,
            subscriptionIds: extended,
            extraSessions,
            extraSessionsUntil: vote.extraSessionsUntil,
          },
        });
        return vote;
      });
    },

    /** Extra game-client sessions the user's recent votes grant now; the client API adds them to the limit. */
    extraSessionsOf(userId: number): Promise<number> {
      return sumExtraSessions(db, userId, clock());
    },
  };
}

export type VotesService = ReturnType<typeof createVotesService>;
