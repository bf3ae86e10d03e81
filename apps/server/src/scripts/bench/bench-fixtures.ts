import pg from 'pg';

export interface BenchFixtures {
  planId: number;
  /** The generated price with the most subscriptions (20,000 before any purchase run), and its plan and owner. */
  hotPrice: { id: number; planId: number; ownerId: number; subscriptions: number };
  /** Listed, paid, unlimited prices of generated plans: 8 for "many buyers", one more for the hot-price run. */
  salePrices: number[];
  hotSalePrice: number;
  admin: TokenSubject;
  owner: TokenSubject;
  buyers: TokenSubject[];
}

export interface TokenSubject {
  id: number;
  discordId: string;
  roles: string[];
}

/** Reads the ids the benchmark needs from the bench database. */
export async function loadFixtures(url: string, buyerCount: number): Promise<BenchFixtures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const subject = (row: { id: number; discord_id: string; roles: string[] }): TokenSubject => ({
      id: row.id,
      discordId: row.discord_id,
      roles: row.roles,
    });
    const hot = await client.query<{ id: number; plan_id: number; owner_id: number; n: string }>(
      // The generated hot price (bench-data's first price), not whichever price has the most
      // subscriptions now: the purchase runs add thousands to the prices they buy each time.
      `select pr.id, pr.plan_id, p.owner_id, (select count(*) from subscriptions s where s.price_id = pr.id) as n
       from prices pr join plans p on p.id = pr.plan_id
       where 'bench' = any(p.tags) order by pr.id limit 1`,
    );
    const sale = await client.query<{ id: number }>(
      `select pr.id from prices pr join plans p on p.id = pr.plan_id
       where pr.slots is null and pr.price > 0 and pr.enabled and not pr.hidden and not pr.vip_only
         and p.enabled and not p.hidden and 'bench' = any(p.tags)
       order by pr.id limit 9`,
    );
    const users = `select id, discord_id, roles from users`;
    const admin = await client.query(`${users} where id = 3`);
    const hotRow = hot.rows[0];
    if (!hotRow) throw new Error('the bench database has no subscriptions; run npm run bench:data');
    const owner = await client.query(`${users} where id = $1`, [hotRow.owner_id]);
    const buyers = await client.query(
      `${users} where username like 'bench\\_%' and enabled order by id limit $1`,
      [buyerCount],
    );
    const salePrices = sale.rows.map((row) => row.id);
    return {
      planId: 3,
      hotPrice: {
        id: hotRow.id,
        planId: hotRow.plan_id,
        ownerId: hotRow.owner_id,
        subscriptions: Number(hotRow.n),
      },
      salePrices: salePrices.slice(0, 8),
      hotSalePrice: salePrices[8] ?? 0,
      admin: subject(admin.rows[0]),
      owner: subject(owner.rows[0]),
      buyers: buyers.rows.map(subject),
    };
  } finally {
    await client.end();
  }
}
