import { useEffect, useState } from 'react';

/**
 * "3 more are in other shoppers' checkouts: back by 2:52 PM if not bought." The clock time is the
 * shopper's own, so it is written after hydration (the server says "soon").
 */
export function HeldNote({ held, backBy, className }: { held: number; backBy: string | null; className?: string }) {
  const [at, setAt] = useState<string | null>(null);
  useEffect(() => {
    setAt(backBy ? new Date(backBy).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }) : null);
  }, [backBy]);
  if (held <= 0 || !backBy) return null;
  return (
    <p className={className ?? 'text-sm text-ink-soft'}>
      {held} more {held === 1 ? 'is' : 'are'} in other shoppers' checkouts: back {at ? `by ${at}` : 'soon'} if not bought.
    </p>
  );
}
