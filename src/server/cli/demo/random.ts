import { type SQL, sql } from 'drizzle-orm';

/** The demo's present (set for its transaction by seedDemo): every time it writes is before it. */
export const NOW = sql.raw(`current_setting('demo.now')::timestamptz`);

/**
 * Deterministic randomness for the demo data, in SQL: a number in [0, 1) from the seed, a tag and
 * a key, the same for the same three on every run (hashtext is PostgreSQL's own string hash).
 */
export function randomIn(seed: number) {
  const prefix = `demo:${seed}:`;
  return (tag: string, key: SQL): SQL =>
    sql`((hashtext(${`${prefix}${tag}:`} || (${key})::text)::bigint & 2147483647) / 2147483648.0)`;
}
export type Random = ReturnType<typeof randomIn>;

/** One of `choices` by weight, for a number `r` in [0, 1): a CASE over the running sums. */
export function weighted(r: SQL, choices: readonly (readonly [string | null, number])[]): SQL {
  const total = choices.reduce((s, [, w]) => s + w, 0);
  let running = 0;
  const arms = choices.map(([value, w]) => {
    running += w;
    return sql` when ${r} < ${running / total} then ${value}::text`;
  });
  return sql`(case${sql.join(arms, sql``)} else ${choices.at(-1)?.[0] ?? null}::text end)`;
}

/** The element of a text array at a position drawn by `r`. */
export function pick(values: readonly string[], r: SQL): SQL {
  return sql`((${sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`)})[1 + floor(${r} * ${values.length})::int])`;
}
