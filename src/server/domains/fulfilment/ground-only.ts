import { destinationOf } from '#shared/ground-only.ts';
import { AppError } from '../../errors.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { Rate, ShipmentRequest } from './label-provider.ts';

/**
 * Limited-quantity parcels go by ground only (docs/decisions/0046): USPS Ground Advantage, UPS
 * Ground, FedEx Ground and FedEx Home Delivery. Carriers and services are compared as EasyPost and
 * the built-in provider name them ("GroundAdvantage", "Ground Advantage", "FEDEX_GROUND",
 * "GROUND_HOME_DELIVERY"), in any case and spacing.
 */
const GROUND_SERVICES: Record<string, readonly string[]> = {
  usps: ['groundadvantage', 'uspsgroundadvantage'],
  ups: ['ground'],
  fedex: ['fedexground', 'ground', 'groundhomedelivery', 'fedexhomedelivery', 'homedelivery'],
};

const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export function isGroundService(carrier: string, service: string): boolean {
  const c = key(carrier);
  const family = c.startsWith('fedex') ? 'fedex' : c.startsWith('usps') ? 'usps' : c.startsWith('ups') ? 'ups' : c;
  return (GROUND_SERVICES[family] ?? []).includes(key(service));
}

/** The rates a parcel may be sent with: every one, or the ground ones for limited-quantity goods. */
export function ratesFor(limitedQuantity: boolean, rates: readonly Rate[]): Rate[] {
  return limitedQuantity ? rates.filter((r) => isGroundService(r.carrier, r.service)) : [...rates];
}

export const NO_GROUND_RATE =
  'No carrier offered a ground rate for this parcel: it holds limited-quantity goods, which carriers take by ground only';

/** The server's refusal to buy anything but ground for limited-quantity goods, whatever the quote held. */
export function assertGroundRate(limitedQuantity: boolean, rate: Pick<Rate, 'carrier' | 'service'>): void {
  if (limitedQuantity && !isGroundService(rate.carrier, rate.service)) {
    throw new AppError(
      'conflict',
      `This parcel holds limited-quantity goods, which carriers take by ground only: ${rate.carrier} ${rate.service} is not a ground service. Choose a ground rate (USPS Ground Advantage, UPS Ground, FedEx Ground or Home Delivery).`,
    );
  }
}

/**
 * A limited-quantity parcel to or from a military post office (an order or a return from before the
 * shipping step refused them, or whose product became limited-quantity since) has no carrier: refused.
 */
export function assertGroundDestination(request: ShipmentRequest): void {
  if (request.limitedQuantity && destinationOf(request.shipTo) === 'military') {
    throw new AppError(
      'conflict',
      'This parcel holds limited-quantity goods, which carriers take by ground only, and APO, FPO and DPO mail travels by air: no carrier can take it there. Refund the order, or ship it to another address the shopper gives you.',
    );
  }
}

/** Whether any of these lines is a limited-quantity product (a product deleted since counts as standard). */
export async function holdsLimitedQuantity(
  catalog: Pick<CatalogService, 'shippingClasses'>,
  items: readonly { productId: number }[],
): Promise<boolean> {
  const classes = await catalog.shippingClasses(items.map((i) => i.productId));
  return classes.some((c) => c.shippingClass === 'limited-quantity');
}

/** For the packing slip: null for a standard parcel, else each distinct "UN1993 Proper shipping name" the owner entered. */
export async function limitedQuantityOf(
  catalog: Pick<CatalogService, 'shippingClasses'>,
  items: readonly { productId: number }[],
): Promise<{ declarations: string[] } | null> {
  const lq = (await catalog.shippingClasses(items.map((i) => i.productId))).filter((c) => c.shippingClass === 'limited-quantity');
  if (lq.length === 0) return null;
  const lines = lq.flatMap((c) => (c.unNumber ? [[c.unNumber, c.properShippingName].filter(Boolean).join(' ')] : []));
  return { declarations: [...new Set(lines)] };
}
