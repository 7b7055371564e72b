import type { ReactNode } from 'react';

/** A list's place when it has nothing to show yet: loading, failed, or empty. */
export function Note({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-zinc-200 bg-white p-10 text-center text-zinc-600">{children}</div>;
}
