import { and, eq, inArray, like, or } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { storedFiles } from '#db/schema/index.ts';

/**
 * The label PDFs of erased orders (docs/decisions/0049): they print the customer's name and street.
 * An order's own labels are named `<order id>-…`; a return's are given by name. Returns how many went.
 */
export async function deleteOrderLabels(tx: Tx, orderIds: number[], names: string[]): Promise<number> {
  if (orderIds.length === 0 && names.length === 0) return 0;
  const gone = await tx
    .delete(storedFiles)
    .where(
      and(
        eq(storedFiles.folder, 'labels'),
        or(
          ...orderIds.map((id) => like(storedFiles.name, `${id}-%`)),
          names.length ? inArray(storedFiles.name, names) : undefined,
        ),
      ),
    )
    .returning({ name: storedFiles.name });
  return gone.length;
}
