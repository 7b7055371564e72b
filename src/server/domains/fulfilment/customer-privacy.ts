import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { shipments } from '#db/schema/index.ts';

/**
 * The parcels of erased orders forget their label files (docs/decisions/0049), whose names it
 * returns for the file store to delete; carrier, tracking and cost stay.
 */
export async function forgetOrderLabels(tx: Tx, orderIds: number[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .update(shipments)
    .set({ labelFile: null })
    .where(and(inArray(shipments.orderId, orderIds), isNotNull(shipments.labelFile)))
    .returning({ name: shipments.labelFile });
  return rows.map((r) => r.name).filter((n): n is string => n !== null);
}
