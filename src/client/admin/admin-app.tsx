import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, Route, Routes, useNavigate } from '../app/router.tsx';
import { Toaster } from '../ui/toast.tsx';
import { DashboardPage } from './dashboard/dashboard-page.tsx';
import { makeAdminQueryClient } from './session/admin-query-client.ts';
import { LoginPage } from './session/login-page.tsx';
import { SetPasswordPage } from './session/set-password-page.tsx';

/** The owner's dashboard (docs/product.md §2 "Admin sign-in", "Admin dashboard"), with a QueryClient of its own. */
export default function AdminApp() {
  const navigate = useNavigate();
  // An absolute path: the navigate of the first render goes there as well as any later one.
  const [qc] = useState(() => makeAdminQueryClient(() => navigate('/admin/login', { replace: true })));
  return (
    <QueryClientProvider client={qc}>
      <div className="min-h-screen bg-zinc-100 text-zinc-900">
        <Routes>
          <Route path="/admin/login" element={<LoginPage />} />
          <Route path="/admin/set-password" element={<SetPasswordPage />} />
          <Route path="/admin" element={<DashboardPage />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
        <Toaster />
      </div>
    </QueryClientProvider>
  );
}
