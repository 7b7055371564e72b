import type { Dispatch, SetStateAction } from 'react';

/**
 * A reminder's link hands the checkout it brought back the shipping details it had
 * (docs/decisions/0041): the /recover page keeps them in this tab's sessionStorage, and the
 * checkout's step 1 loads this module only when they are there (shipping-form.tsx), to fill its
 * empty fields once. The key comes from that caller: this module imports nothing, so loading it
 * fetches no other chunk.
 */
export function restoreShipping<V extends Record<string, string>>(key: string, setValues: Dispatch<SetStateAction<V>>): void {
  let kept: unknown;
  try {
    const raw = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    kept = raw ? JSON.parse(raw) : null;
  } catch {
    return; // storage off, or not what the page wrote
  }
  if (!kept || typeof kept !== 'object') return;
  setValues((values) => {
    const filled: Record<string, string> = { ...values };
    for (const [k, value] of Object.entries(kept)) {
      if (k in filled && !filled[k]?.trim() && typeof value === 'string') filled[k] = value;
    }
    return filled as V;
  });
}
