import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useLogInMutation } from './api/log-in.ts';

/** /admin/login (docs/product.md §2 "Admin sign-in"). */
export function LoginPage() {
  const login = useLogInMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const pending = login.isPending || login.isSuccess;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      toast({ title: 'Missing Credentials', description: 'Please enter both username and password', variant: 'destructive' });
      return;
    }
    login.mutate({ username: username.trim(), password });
  };

  return (
    <main className="grid min-h-screen place-items-center px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm">
        <p className="font-display text-lg tracking-wide">
          IRON<span className="text-amber-deep">WAKE</span>
        </p>
        <h1 className="mt-4 text-2xl font-bold">Admin Login</h1>
        <p className="mt-1 text-sm text-zinc-600">Access the order management dashboard</p>
        <form noValidate onSubmit={submit} className="mt-6 grid gap-4">
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
