import { Navigate, Route, Routes } from 'react-router';
import { Toaster } from '../ui/toast.tsx';
import { DashboardPage } from './dashboard/dashboard-page.tsx';
import { LoginPage } from './login/login-page.tsx';

/** The owner's dashboard (SPEC §2 "Admin login", "Admin dashboard"). */
export default function AdminApp() {
  return (
    <div className="min-h-screen bg-zinc-100 text-zinc-900">
      <Routes>
        <Route path="/admin/login" element={<LoginPage />} />
        <Route path="/admin" element={<DashboardPage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
      <Toaster />
    </div>
  );
}
