import { sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { NOW } from './random.ts';

/**
 * The demo year's days (a temporary table, gone with the transaction): the 365 UTC days ending
 * today, each with its share of the sessions and orders. A day weighs more as the store grows
 * (half as busy a year ago as now), at the weekend, before Christmas and in the new-year's
 * resolutions of early January. `session_first` and `order_first` number the day's first session
 * and order in the whole year.
 */
export async function createCalendar(tx: Tx, size: { sessions: number; orders: number }): Promise<void> {
  await tx.execute(sql`
    create temporary table demo_days on commit drop as
    with d as (
      select i, ((${NOW} at time zone 'UTC')::date - (364 - i)) as day from generate_series(0, 364) as i
    ),
    w as (
      select i, day,
        (0.5 + i / 364.0)
        * (case extract(isodow from day) when 6 then 1.25 when 7 then 1.15 when 1 then 1.1 else 1.0 end)
        * (1 + 0.4 * exp(-power((extract(doy from day) - 345) / 12.0, 2)) + 0.3 * exp(-power((extract(doy from day) - 6) / 7.0, 2)))
        -- Today counts only for the part of it that is over.
        * (case when i = 364 then extract(epoch from ${NOW} - (day::timestamp at time zone 'UTC')) / 86400 else 1 end)
          as weight
      from d
    ),
    c as (select *, sum(weight) over (order by i) as cum, sum(weight) over () as total from w)
    select i, day,
      (day::timestamp at time zone 'UTC') as starts,
      -- Today is only partly over: its visits fall between midnight and a few minutes ago.
      case when i = 364 then greatest(${NOW} - (day::timestamp at time zone 'UTC') - interval '5 minutes', interval '1 minute')
        else interval '24 hours' end as span,
      (floor(${size.sessions}::float8 * (cum - weight) / total))::bigint as session_first,
      (${upTo(size.sessions)} - floor(${size.sessions}::float8 * (cum - weight) / total))::int as sessions,
      (floor(${size.orders}::float8 * (cum - weight) / total))::bigint as order_first,
      (${upTo(size.orders)} - floor(${size.orders}::float8 * (cum - weight) / total))::int as orders
    from c`);
}

/**
 * The number of sessions or orders up to the end of a day: the last day ends at the whole count,
 * exactly, whatever the floating-point sum of the weights makes of cum / total (a running sum can
 * end a hair under the total, which would drop the year's last order).
 */
function upTo(n: number) {
  return sql`(case when i = 364 then ${n}::float8 else floor(${n}::float8 * cum / total) end)`;
}
