import { formatCents, parseCents } from '#shared/money.ts';
import type { MinimumAge, StoreSettings } from '#shared/settings.ts';
import type { ShippingOffer } from '#shared/shipping.ts';
import type { StoreSettingsBodySchema } from '#shared/settings.ts';
import type { z } from 'zod';
import type { Database } from '#db/client.ts';
import type { Notifier } from '../../lib/notifier.ts';
import * as repo from './repo.ts';

const CHANNEL = 'store_settings';

export type SettingsService = Awaited<ReturnType<typeof createSettingsService>>;

/** What the settings are at the first start: the environment's contacts and the store's shipping defaults. */
export interface SettingsDefaults {
  shippingRateCents: number;
  supportEmail: string;
  supportPhone: string;
  ownerEmail: string | undefined;
}

/** The minimum age the row holds (its check allows 18, 21 or none). */
const ageOf = (r: repo.SettingsRow): MinimumAge | null => (r.minimumAge === 21 ? 21 : r.minimumAge === 18 ? 18 : null);

const toView = (r: repo.SettingsRow): StoreSettings => ({
  shippingRate: formatCents(r.shippingRateCents),
  freeShippingOver: r.freeShippingOverCents === null ? null : formatCents(r.freeShippingOverCents),
  supportEmail: r.supportEmail,
  supportPhone: r.supportPhone,
  ownerEmail: r.ownerEmail,
  postalAddress: r.postalAddress,
  reminderDelayHours: r.reminderDelayHours,
  hazmatToRemoteStates: r.hazmatToRemoteStates,
  minimumAge: ageOf(r),
  reorderReminderDays: r.reorderReminderDays,
  requireSecondFactor: r.requireSecondFactor,
  updatedAt: r.updatedAt.toISOString(),
  updatedBy: r.updatedBy,
});

/**
 * The store's settings (docs/decisions/0039): one row, written at the first start from the
 * environment, then the dashboard's. Every instance keeps the current row in memory, read at start
 * and again whenever any instance changes it (LISTEN/NOTIFY), so reading them costs no query.
 */
export async function createSettingsService(db: Database, notifier: Notifier, defaults: SettingsDefaults) {
  await repo.insertDefaults(db, {
    shippingRateCents: defaults.shippingRateCents,
    supportEmail: defaults.supportEmail,
    supportPhone: defaults.supportPhone,
    ownerEmail: defaults.ownerEmail ?? null,
  });
  // Reads and this instance's writes are numbered as they begin (a write as it returns): a row is
  // kept only when nothing that began after it has been kept, so a read that began before a save
  // and answers after it never puts the older values back.
  let sequence = 0;
  let keptAt = 0;
  const keep = (row: repo.SettingsRow, at: number) => {
    if (at > keptAt) {
      current = row;
      keptAt = at;
    }
  };
  const read = async () => {
    const at = ++sequence;
    const row = await repo.selectSettings(db);
    if (!row) throw new Error('the store has no settings row');
    keep(row, at);
  };
  let current: repo.SettingsRow;
  {
    const row = await repo.selectSettings(db);
    if (!row) throw new Error('the store has no settings row');
    current = row;
  }
  notifier.subscribe(CHANNEL, () => {
    void read().catch(() => {});
  });

  return {
    /** The settings now, as this instance knows them. */
    current: () => current,
    view: () => toView(current),
    /** The shipping offer: the flat rate and the free-shipping amount. */
    shipping: (): ShippingOffer => ({ rateCents: current.shippingRateCents, freeOverCents: current.freeShippingOverCents }),
    /** The age a buyer confirms at the shipping step; null: none (docs/decisions/0048). */
    minimumAge: (): MinimumAge | null => ageOf(current),

    /** Days one bottle lasts for the reorder reminders; null: off (docs/decisions/0051). */
    reorderReminderDays: (): number | null => current.reorderReminderDays,

    /** Whether ground-only orders may go to Alaska, Hawaii and the territories (docs/decisions/0046). */
    hazmatToRemoteStates: (): boolean => current.hazmatToRemoteStates,

    /** Reads them again (every minute: a change another instance announced and this one missed). */
    async refresh(): Promise<void> {
      await read();
    },

    /** PUT /api/admin/settings. */
    async update(body: z.output<typeof StoreSettingsBodySchema>, admin: string): Promise<StoreSettings> {
      const row = await repo.updateSettings(db, {
        shippingRateCents: parseCents(body.shippingRate),
        freeShippingOverCents: body.freeShippingOver === null ? null : parseCents(body.freeShippingOver),
        supportEmail: body.supportEmail,
        supportPhone: body.supportPhone,
        ownerEmail: body.ownerEmail,
        reminderDelayHours: body.reminderDelayHours,
        ...(body.hazmatToRemoteStates === undefined ? {} : { hazmatToRemoteStates: body.hazmatToRemoteStates }),
        ...(body.minimumAge === undefined ? {} : { minimumAge: body.minimumAge }),
        ...(body.postalAddress === undefined ? {} : { postalAddress: body.postalAddress || null }),
        ...(body.reorderReminderDays === undefined ? {} : { reorderReminderDays: body.reorderReminderDays }),
        ...(body.requireSecondFactor === undefined ? {} : { requireSecondFactor: body.requireSecondFactor }),
        updatedBy: admin,
      });
      keep(row, ++sequence);
      await notifier.publish(CHANNEL);
      return toView(row);
    },
  };
}
