import { sql } from 'drizzle-orm';
import type { SeedContext } from '../seed-context.ts';

const BODIES = [
  'Set it up once and it just runs. Saved me hours every week.',
  'Solid, but the settings panel could explain more.',
  'Does what it says. The developer fixed my issue within a day.',
  'Good value on the monthly price; a few rough edges after updates.',
];

/**
 * Reviews (issue 35) by the demo players who hold or held a plan and ran one of its plugins in the
 * seeded session logs, as the store would have let them write them: verified by the hours of those
 * sessions and the price of their latest subscription. The trigger of migration 0024 sets the
 * plans' rating numbers.
 */
export async function seedReviews({ db, now }: SeedContext): Promise<void> {
  await db.execute(sql`
    with eligible as (
      select distinct on (s.user_id, s.plan_id) s.user_id, s.plan_id, s.price_id, s.purchase_price
      from subscriptions s
      where exists (
        select 1 from prices p join plugin_links l on l.price_id = p.id
        join session_logs g on g.plugin_id = l.plugin_id and g.user_id = s.user_id
        where p.plan_id = s.plan_id and (not g.exceeded or g.last_update > g.started_at))
      order by s.user_id, s.plan_id, s.purchase_date desc, s.id desc
    )
    insert into plan_reviews (plan_id, user_id, rating, body, ran_seconds, price_name, price_paid, created_at, updated_at)
    select e.plan_id, e.user_id, 3 + ((e.user_id + e.plan_id) % 3),
      (array[${sql.join(
        BODIES.map((body) => sql`${body}`),
        sql`, `,
      )}])[1 + ((e.user_id * 7 + e.plan_id) % ${BODIES.length})],
      (select coalesce(sum(extract(epoch from (g.last_update - g.started_at))), 0)::int
         from session_logs g
         where g.user_id = e.user_id and (not g.exceeded or g.last_update > g.started_at)
           and g.plugin_id in (select l.plugin_id from plugin_links l join prices p on p.id = l.price_id
                               where p.plan_id = e.plan_id)),
      (select name from prices where id = e.price_id), e.purchase_price,
      ${now.toISOString()}::timestamptz - ((e.user_id + e.plan_id) % 20) * interval '1 day',
      ${now.toISOString()}::timestamptz - ((e.user_id + e.plan_id) % 20) * interval '1 day'
    from eligible e`);
}
