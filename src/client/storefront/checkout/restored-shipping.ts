/**
 * A reminder's link hands the checkout it brought back the shipping details it had
 * (docs/decisions/0041): the /recover page keeps them in this tab's sessionStorage under this key
 * (recovery/recover-page.tsx writes it; importing it from here would give both pages a shared
 * chunk to load), and the checkout's step 1 takes them once, to fill its empty fields.
 */
const KEY = 'iw_restored_shipping';

/** The kept details, removed as they are read; null when there are none. */
export function takeRestoredShipping(): Record<string, unknown> | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** `values` with its empty fields filled from the kept details. */
export function fillEmpty<V extends Record<string, string>>(values: V, kept: Record<string, unknown>): V {
  const filled: Record<string, string> = { ...values };
  for (const [k, value] of Object.entries(kept)) {
    if (k in filled && !filled[k]?.trim() && typeof value === 'string') filled[k] = value;
  }
  return filled as V;
}
