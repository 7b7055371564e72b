import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { login } from '../api/admin-api.ts';

/** /admin/login (SPEC §2 "Admin login"). */
export function LoginPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      toast({ title: 'Missing Credentials', description: 'Please enter both username and password', variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      await login(username.trim(), password);
      qc.removeQueries({ queryKey: ['admin'] });
      toast({ title: 'Login Successful', description: 'Welcome to the admin dashboard' });
      navigate('/admin', { replace: true });
    } catch (err) {
      const message = errorMessage(err, 'Invalid username or password');
      toast({ title: 'Login Failed', description: message, variant: 'destructive' });
      setPending(false);
    }
  };

  return (
    <main className="grid min-h-screen place-items-center px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm">
        <p className="font-display text-lg tracking-wide">
          IRON<span className="text-amber-deep">WAKE</span>
        </p>
        <h1 className="mt-4 text-2xl font-bold">Admin Login</h1>
        <p className="mt-1 text-sm text-zinc-600">Access the order management dashboard</p>
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-6 grid gap-4">
          <Field
            id="admin-username"
            name="username"
            label="Username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <Field
            id="admin-password"
            name="password"
            type="password"
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" disabled={pending} className="mt-2 w-full">
            {pending ? 'Signing In...' : 'Sign In'}
          </Button>
        </form>
      </div>
    </main>
  );
}
