/*
 * Ground-only shipping of limited-quantity goods (docs/decisions/0046), without zod: the pages import
 * these texts and rules, and zod stays out of their first load.
 */

/**
 * How carriers may take a product (docs/decisions/0046). `limited-quantity`: a hazardous material in
 * a limited quantity (smelling salts are ammonia in alcohol and water, a flammable and corrosive
 * liquid), carried by ground only: never by air, so never to a military post office or abroad.
 */
export const SHIPPING_CLASSES = ['standard', 'limited-quantity'] as const;
export type ShippingClass = (typeof SHIPPING_CLASSES)[number];

/** What the product page and the checkout say of a limited-quantity product. */
export const GROUND_ONLY_NOTE = 'Ships by ground within the US';

/** The mark the built-in label and the packing slip carry for a limited-quantity parcel (49 CFR 172.315, in words). */
export const LIMITED_QUANTITY_MARK = 'LIMITED QUANTITY';

export const MILITARY_ADDRESS_MESSAGE =
  'We can’t ship this order to APO, FPO or DPO addresses. Smelling salts are a hazardous material that carriers take by ground only, and military mail travels by air. Please use a street address in the United States.';
export const REMOTE_ADDRESS_MESSAGE =
  'We can’t ship this order to Alaska, Hawaii or the US territories. Smelling salts are a hazardous material that carriers take by ground only. Please use an address in the contiguous United States.';

/** The same refusals, short, beside the State field. */
export const MILITARY_FIELD_MESSAGE = 'We can’t ship to APO, FPO or DPO addresses';
export const REMOTE_FIELD_MESSAGE = 'We can’t ship to Alaska, Hawaii or the US territories';

/** Where an address is, as the ground-only rule sees it. */
export type Destination = 'contiguous' | 'military' | 'remote';

const MILITARY_STATES = new Set(['AA', 'AE', 'AP']);
const MILITARY_CITIES = new Set(['APO', 'FPO', 'DPO']);
/** Alaska, Hawaii, and the territories and freely associated states the US mail serves. */
const REMOTE_STATES = new Set(['AK', 'HI', 'PR', 'VI', 'GU', 'AS', 'MP', 'UM', 'FM', 'MH', 'PW']);
const REMOTE_NAMES = [
  'ALASKA',
  'HAWAII',
  'PUERTO RICO',
  'VIRGIN ISLANDS',
  'US VIRGIN ISLANDS',
  'GUAM',
  'AMERICAN SAMOA',
  'NORTHERN MARIANA ISLANDS',
  'MARIANA ISLANDS',
  'MICRONESIA',
  'FEDERATED STATES OF MICRONESIA',
  'MARSHALL ISLANDS',
  'PALAU',
];
/**
 * ZIP codes by their first three digits: 090–098 Armed Forces Europe (AE), 340 Americas (AA),
 * 962–966 Pacific (AP); 006–009 Puerto Rico and the Virgin Islands, 967–968 Hawaii (and American
 * Samoa), 969 Guam and the Pacific islands, 995–999 Alaska.
 */
const militaryZip = (p: number) => (p >= 90 && p <= 98) || p === 340 || (p >= 962 && p <= 966);
const remoteZip = (p: number) => (p >= 6 && p <= 9) || (p >= 967 && p <= 969) || p >= 995;

/** Upper case, dots and other punctuation as spaces, one space between words. */
const words = (s: string) =>
  s
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();

/**
 * Military (APO/FPO/DPO: state AA, AE or AP, an "Armed Forces …" state, a city written APO, FPO or
 * DPO, or a military ZIP), remote (Alaska, Hawaii, a territory, by state or ZIP), or the contiguous
 * states. The state may be typed as its code or its name, in any case.
 */
export function destinationOf(a: { state: string; city: string; zip: string }): Destination {
  const state = words(a.state);
  const compact = state.replaceAll(' ', '');
  const city = words(a.city.replaceAll('.', '')).split(' ');
  const zip3 = /^\d{3}/.test(a.zip.trim()) ? Number(a.zip.trim().slice(0, 3)) : -1;
  if (
    MILITARY_STATES.has(compact) ||
    state.startsWith('ARMED FORCES') ||
    city.some((w) => MILITARY_CITIES.has(w)) ||
    (zip3 >= 0 && militaryZip(zip3))
  ) {
    return 'military';
  }
  const name = state.replace(/^(THE )?(U S |US |UNITED STATES )/, '');
  if (
    REMOTE_STATES.has(compact) ||
    REMOTE_NAMES.includes(name) ||
    REMOTE_NAMES.includes(state) ||
    (zip3 >= 0 && remoteZip(zip3))
  ) {
    return 'remote';
  }
  return 'contiguous';
}

/**
 * Whether a parcel of limited-quantity goods may go to the address: never to a military post office,
 * to Alaska, Hawaii and the territories only when the store allows it. The refusal as the shopper
 * reads it (the whole reason, and a short one for the State field), or null.
 */
export function groundOnlyRefusal(destination: Destination, remoteAllowed: boolean): { message: string; field: string } | null {
  if (destination === 'military') return { message: MILITARY_ADDRESS_MESSAGE, field: MILITARY_FIELD_MESSAGE };
  if (destination === 'remote' && !remoteAllowed) return { message: REMOTE_ADDRESS_MESSAGE, field: REMOTE_FIELD_MESSAGE };
  return null;
}
