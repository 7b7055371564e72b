import { lazy, Suspense, useEffect, useState } from 'react';

// The dashboard itself is a chunk of its own, fetched only on /admin pages.
const AdminApp = lazy(() => import('./admin-app.tsx'));

function Loading() {
  return (
    <div className="grid min-h-screen place-items-center bg-zinc-100" role="status" aria-label="Loading the dashboard">
      <span className="size-10 animate-spin rounded-full border-4 border-zinc-300 border-t-zinc-900" />
    </div>
  );
}

/** /admin/*: the server sends only this shell; the dashboard renders in the browser after hydration. */
export function AdminEntry() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <AdminApp />
    </Suspense>
  );
}
