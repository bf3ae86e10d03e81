/** What one process remembers of a session since it last decided its limits in the database. */
export interface KnownSession {
  userId: number;
  pluginId: number;
  pluginName: string;
  startedAt: Date;
  /** The user's limit generation the decision was made at. */
  generation: number;
  /** The VIP end the decision was made with (ms, null: not VIP). */
  vipUntil: number | null;
  /** The decision holds until then (ms): a subscription expiring, VIP or a vote running out, or the re-check cap. */
  holdsUntil: number;
  /** This process's last heartbeat of it (ms). */
  seenAt: number;
}

/** What the client token's check read of the account in the same statement (client-api). */
export interface ClientStanding {
  vipUntil: Date | null;
  limitGeneration: number;
}

/**
 * The sessions this process has decided, so an unchanged heartbeat needs no lock, no count and no
 * read of its own (decision 0036). Bounded: past `maxEntries` the least recently decided go first
 * (their next heartbeat is decided in the database again).
 */
export function createKnownSessions(maxEntries: number) {
  const sessions = new Map<string, KnownSession>();
  return {
    get: (sessionId: string) => sessions.get(sessionId),
    remember(sessionId: string, session: KnownSession) {
      sessions.delete(sessionId);
      sessions.set(sessionId, session);
      if (sessions.size > maxEntries) {
        const oldest = sessions.keys().next().value;
        if (oldest !== undefined) sessions.delete(oldest);
      }
    },
    forget: (sessionId: string) => sessions.delete(sessionId),
    get size() {
      return sessions.size;
    },
  };
}

/**
 * Whether a heartbeat may be answered from what this process decided before: same user, nothing
 * that decides the limits moved (generation, VIP end), nothing time-bound ran out, and this process
 * saw the session alive within the timeout.
 */
export function stillHolds(
  known: KnownSession,
  userId: number,
  standing: ClientStanding,
  now: number,
  liveSince: number,
): boolean {
  return (
    known.userId === userId &&
    known.generation === standing.limitGeneration &&
    known.vipUntil === (standing.vipUntil?.getTime() ?? null) &&
    now < known.holdsUntil &&
    known.seenAt > liveSince
  );
}
