import { PSEUDO_PLUGIN_NAMES } from '@ember/contracts/constants';
import { DEMO_USER_IDS as U } from '../../demo/demo-accounts.ts';
import { clientSessions, type NewClientSession, sessionLogs } from '../../schema/sessions.ts';
import { votes } from '../../schema/votes.ts';
import { createSessionLogPartitions, SESSION_LOG_DAYS_AHEAD } from '../../session-log-partitions.ts';
import { COMMUNITY_MEMBERS } from '../data/community.ts';
import { REPOSITORY_SEEDS } from '../data/repositories.ts';
import { makeClientSession, makeSessionLog, makeVote } from '../factories.ts';
import type { SeedContext } from '../seed-context.ts';
import { uuidOf } from '../stable-ids.ts';
import { addHours, addMinutes } from '../time.ts';

const PLUGIN_NAMES = new Map<number, string>([
  ...Object.entries(PSEUDO_PLUGIN_NAMES).map(([id, name]) => [Number(id), name] as const),
  ...REPOSITORY_SEEDS.flatMap((repo) => repo.plugins.map((plugin) => [plugin.id, plugin.name] as const)),
]);

const pluginName = (pluginId: number) => PLUGIN_NAMES.get(pluginId) ?? `Plugin ${pluginId}`;

interface SessionStory {
  userId: number;
  pluginId: number;
  /** Minutes since the last heartbeat; more than a few means the session is stale. */
  idleMinutes: number;
}

const communityMemberId = COMMUNITY_MEMBERS[0]?.id ?? U.customer;

const SESSION_STORIES: readonly SessionStory[] = [
  { userId: U.customer, pluginId: 0, idleMinutes: 0.5 },
  { userId: U.customer, pluginId: 12, idleMinutes: 0.5 },
  { userId: U.vip, pluginId: 0, idleMinutes: 1 },
  { userId: U.vip, pluginId: 4, idleMinutes: 1 },
  { userId: U.vip, pluginId: 5, idleMinutes: 1 },
  { userId: U.vip, pluginId: 6, idleMinutes: 2 },
  { userId: U.vip, pluginId: 65535, idleMinutes: 1 },
  { userId: U.staff, pluginId: 10, idleMinutes: 3 },
  { userId: U.premium, pluginId: 65536, idleMinutes: 4 },
  { userId: communityMemberId, pluginId: 12, idleMinutes: 180 },
];

/** Who ran what over the last days; the customer twice ran over the Rooftop Runner limit of 1. */
const LOG_HISTORY: readonly { userId: number; pluginId: number; exceeded?: boolean }[] = [
  { userId: U.customer, pluginId: 12 },
  { userId: U.customer, pluginId: 12, exceeded: true },
  { userId: U.vip, pluginId: 4 },
  { userId: U.vip, pluginId: 34 },
  { userId: U.staff, pluginId: 10 },
  { userId: U.customer, pluginId: 15 },
  { userId: U.customer, pluginId: 12, exceeded: true },
  { userId: U.admin, pluginId: 4 },
  { userId: U.developer, pluginId: 24 },
  { userId: communityMemberId, pluginId: 12 },
  { userId: U.vip, pluginId: 0 },
  { userId: U.premium, pluginId: 3 },
];

export async function seedActivity({ db, now }: SeedContext): Promise<void> {
  const sessions: NewClientSession[] = SESSION_STORIES.map((story, index) =>
    makeClientSession({
      id: uuidOf(`session-${index}`),
      userId: story.userId,
      pluginId: story.pluginId,
      pluginName: pluginName(story.pluginId),
      createdAt: addHours(now, -2),
      lastUpdate: addMinutes(now, -story.idleMinutes),
    }),
  );
  await db.insert(clientSessions).values(sessions);

  // One log row per session (decision 0037): the running ones, then three days of ended ones, one
  // started every 90 minutes cycling through LOG_HISTORY, each heartbeating for 40 minutes.
  const currentLogs = sessions.map((session) =>
    makeSessionLog({
      sessionId: session.id ?? uuidOf('missing'),
      userId: session.userId,
      pluginId: session.pluginId ?? 0,
      pluginName: session.pluginName ?? pluginName(0),
      startedAt: session.createdAt ?? now,
      lastUpdate: session.lastUpdate ?? now,
    }),
  );
  const historicalLogs = Array.from({ length: 48 }, (_, index) => {
    const story = LOG_HISTORY[index % LOG_HISTORY.length] ?? { userId: U.customer, pluginId: 0 };
    const startedAt = addMinutes(now, -90 * (index + 1));
    return makeSessionLog({
      sessionId: uuidOf(`history-${story.userId}-${story.pluginId}-${index}`),
      userId: story.userId,
      pluginId: story.pluginId,
      pluginName: pluginName(story.pluginId),
      startedAt,
      lastUpdate: addMinutes(startedAt, 40),
      exceeded: story.exceeded ?? false,
    });
  });
  // The day partitions these rows (and a server started at `now`) write into.
  await createSessionLogPartitions(db, addMinutes(now, -90 * 49), addHours(now, 24 * SESSION_LOG_DAYS_AHEAD));
  await db.insert(sessionLogs).values([...historicalLogs.reverse(), ...currentLogs]);

  await db.insert(votes).values(
    [
      // Over 12 hours ago: the vote's extra session has lapsed, so the free customer runs exactly 1
      // client session (issue 19's acceptance), and may vote again.
      { userId: U.customer, hoursAgo: 13 },
      { userId: U.customer, hoursAgo: 72 },
      { userId: U.vip, hoursAgo: 1 },
      { userId: U.vip, hoursAgo: 48 },
      { userId: communityMemberId, hoursAgo: 10 },
    ].map(({ userId, hoursAgo }) => {
      const createdAt = addHours(now, -hoursAgo);
      return makeVote({ userId, createdAt, extraSessionsUntil: addHours(createdAt, 12) });
    }),
  );
}
