import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { reviewVerifications } from '#db/schema/index.ts';

/** A new code for this address and product; the codes before it stop working. */
export async function insertReplacing(
  tx: Tx,
  v: { email: string; productId: number; codeHash: string; minutes: number },
): Promise<{ id: number; expiresAt: Date }> {
  await tx
    .update(reviewVerifications)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(reviewVerifications.email, v.email),
        eq(reviewVerifications.productId, v.productId),
        isNull(reviewVerifications.consumedAt),
      ),
    );
  const [row] = await tx
    .insert(reviewVerifications)
    .values({
      email: v.email,
      productId: v.productId,
      codeHash: v.codeHash,
      expiresAt: sql`now() + make_interval(mins => ${v.minutes})` as unknown as Date,
    })
    .returning({ id: reviewVerifications.id, expiresAt: reviewVerifications.expiresAt });
  if (!row) throw new Error('verification not inserted');
  return row;
}

/**
 * Counts one try at the current code of this address and product, if it is unexpired, unused and
 * has tries left; one statement, so concurrent tries are all counted. Undefined when none can be tried.
 */
export async function countAttempt(
  db: Tx,
  email: string,
  productId: number,
  maxAttempts: number,
): Promise<{ id: number; codeHash: string; attempts: number } | undefined> {
  const current = db
    .select({ id: reviewVerifications.id })
    .from(reviewVerifications)
    .where(
      and(
        eq(reviewVerifications.email, email),
        eq(reviewVerifications.productId, productId),
        isNull(reviewVerifications.consumedAt),
      ),
    )
    .orderBy(desc(reviewVerifications.id))
    .limit(1);
  const [row] = await db
    .update(reviewVerifications)
    .set({ attempts: sql`${reviewVerifications.attempts} + 1` })
    .where(
      and(
        eq(reviewVerifications.id, sql`(${current})`),
        isNull(reviewVerifications.consumedAt),
        sql`${reviewVerifications.expiresAt} > now()`,
        lt(reviewVerifications.attempts, maxAttempts),
      ),
    )
    .returning({ id: reviewVerifications.id, codeHash: reviewVerifications.codeHash, attempts: reviewVerifications.attempts });
  return row;
}

/** Uses a code up: true for exactly one caller. */
export async function consume(db: Tx, id: number): Promise<boolean> {
  const rows = await db
    .update(reviewVerifications)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(reviewVerifications.id, id), isNull(reviewVerifications.consumedAt)))
    .returning({ id: reviewVerifications.id });
  return rows.length > 0;
}

/** Codes that expired a day ago or more: of no use to anyone. */
export async function deleteExpired(db: Tx): Promise<void> {
  await db.delete(reviewVerifications).where(lt(reviewVerifications.expiresAt, sql`now() - interval '1 day'`));
}
