/**
 * Who an order goes to and where, as every page, e-mail, label and slip writes it: the buyer's name,
 * then the street, "City, ST ZIP" and the country, each part left out when the order has none.
 */

export interface NamedOrder {
  firstName: string | null;
  lastName: string | null;
}

export interface AddressedOrder {
  shippingAddress: string | null;
  shippingCity: string | null;
  shippingState: string | null;
  shippingZip: string | null;
  shippingCountry: string | null;
}

/** "Dana Lee"; '' for an order without a name (callers say what stands in for it). */
export const customerName = (o: NamedOrder): string => `${o.firstName ?? ''} ${o.lastName ?? ''}`.trim();

/** The country as the address's last line reads it: the store ships within the United States. */
const countryLine = (country: string | null) => (!country || country === 'US' ? 'United States' : country);

/** The lines under the name: "12 Iron Way", "Columbus, OH 43004", "United States". */
export function shipToLines(o: AddressedOrder): string[] {
  const region = [o.shippingState, o.shippingZip].filter(Boolean).join(' ');
  const place = [o.shippingCity, region].filter(Boolean).join(', ');
  return [o.shippingAddress ?? '', place, countryLine(o.shippingCountry)].filter((line) => line.trim() !== '');
}
