import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The bench's game clients (section `client`): users with a client token each, written with SQL as
 * the device flow would (the token's SHA-256), and removed again after the run. Deleting the users
 * takes their tokens, sessions and session logs with them (foreign keys cascade).
 */
export const CLIENT_BASE = '/api/client';
export const PSEUDO_CLIENT = 0;
const USERNAME_PREFIX = 'bench_client_';
/** LIKE pattern of the bench clients' usernames (the underscores escaped). */
const USERNAME_LIKE = `${USERNAME_PREFIX.replaceAll('_', '\\_')}%`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newToken = () => `emc_${randomBytes(32).toString('base64url')}`;

export interface BenchClient {
  userId: number;
  token: string;
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Replaces the previous run's bench clients with `free` free users and `vip` VIP users (whose client
 * sessions are unlimited: what the open measure opens), each with a client token.
 */
export function createClients(
  databaseUrl: string,
  counts: { free: number; vip: number },
): Promise<{ free: BenchClient[]; vip: BenchClient[] }> {
  return withClient(databaseUrl, async (client) => {
    await client.query('begin');
    try {
      await client.query('delete from users where username like $1', [USERNAME_LIKE]);
      const users = await client.query<{ id: number; vip: boolean }>(
        `insert into users (discord_id, username, display_name, roles, vip_until)
         select (700000000000000000 + i)::text, $3 || i, 'Bench Client ' || i, array['CUSTOMER'],
                case when i > $1 then now() + interval '30 days' end
         from generate_series(1, $1::int + $2::int) i
         returning id, vip_until is not null as vip`,
        [counts.free, counts.vip, USERNAME_PREFIX],
      );
      const all = users.rows.map((row) => ({ userId: row.id, vip: row.vip, token: newToken() }));
      await client.query(
        `insert into client_tokens (user_id, token_hash, name)
         select * from unnest($1::int[], $2::text[], $3::text[])`,
        [all.map((c) => c.userId), all.map((c) => sha256(c.token)), all.map(() => 'Bench client')],
      );
      await client.query('commit');
      const strip = ({ userId, token }: BenchClient) => ({ userId, token });
      return { free: all.filter((c) => !c.vip).map(strip), vip: all.filter((c) => c.vip).map(strip) };
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  });
}

export function deleteClients(databaseUrl: string): Promise<void> {
  return withClient(databaseUrl, async (client) => {
    await client.query('delete from users where username like $1', [USERNAME_LIKE]);
  });
}

/** Session-log rows of the bench clients (one per session since issue 36; one per heartbeat before). */
export function countSessionLogRows(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from session_logs
       where user_id in (select id from users where username like $1)`,
      [USERNAME_LIKE],
    );
    return Number(rows[0]?.n ?? 0);
  });
}

/** Client sessions of one user in the database (the burst's limit check). */
export function countSessionsOf(databaseUrl: string, userId: number): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from client_sessions where user_id = $1 and plugin_id = $2',
      [userId, PSEUDO_CLIENT],
    );
    return Number(rows[0]?.n ?? 0);
  });
}

export function deleteSessionsOf(databaseUrl: string, userId: number): Promise<void> {
  return withClient(databaseUrl, async (client) => {
    await client.query('delete from client_sessions where user_id = $1', [userId]);
  });
}

/** Opens one client session per client, 20 at a time; throws on the first refusal. */
export async function openOneSessionEach(
  origin: string,
  clients: BenchClient[],
): Promise<Map<number, string>> {
  const sessions = new Map<number, string>();
  let next = 0;
  const worker = async () => {
    while (next < clients.length) {
      const benchClient = clients[next++];
      if (!benchClient) return;
      const response = await fetch(`${origin}${CLIENT_BASE}/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${benchClient.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pluginId: PSEUDO_CLIENT }),
      });
      const text = await response.text();
      if (response.status !== 201) throw new Error(`opening a session answered ${response.status}: ${text}`);
      sessions.set(benchClient.userId, (JSON.parse(text) as { sessionId: string }).sessionId);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  return sessions;
}

/** Sessions of the bench clients with a heartbeat within the timeout (the rolling restart's check). */
export function countLiveSessionsOfClients(databaseUrl: string, timeoutSeconds: number): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from client_sessions
       where last_update > now() - make_interval(secs => $2)
         and user_id in (select id from users where username like $1)`,
      [USERNAME_LIKE, timeoutSeconds],
    );
    return Number(rows[0]?.n ?? 0);
  });
}
