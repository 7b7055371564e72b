import { useEffect, useState } from 'react';

/**
 * "3 more are in other shoppers' checkouts: back by 2:52 PM if not bought." The cart knows the
 * shopper's own checkout and names only others'; the product page, the same for everyone, says
 * "in checkouts in progress". The clock time is the shopper's own, so it is written after
 * hydration (the server says "soon").
 */
export function HeldNote({
  held,
  backBy,
  others = false,
}: {
  held: number;
  backBy: string | null;
  /** The units are other shoppers' (not this shopper's own checkout). */
  others?: boolean;
}) {
  const [at, setAt] = useState<string | null>(null);
  useEffect(() => {
    setAt(backBy ? new Date(backBy).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }) : null);
  }, [backBy]);
  if (held <= 0 || !backBy) return null;
  return (
    <p className="text-sm text-ink-soft">
      {held} more {held === 1 ? 'is' : 'are'} in {others ? "other shoppers' checkouts" : 'checkouts in progress'}: back{' '}
      {at ? `by ${at}` : 'soon'} if not bought.
    </p>
  );
}
