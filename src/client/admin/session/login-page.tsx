import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useLogInMutation } from './api/log-in.ts';
import { useCodeMutation, usePasskeySignInMutation } from './api/second-step.ts';

/** The brand and a heading over a card, as every step of the sign-in shows them. */
function Card({ title, subtitle, children }: { title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <main className="grid min-h-screen place-items-center px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm">
        <p className="font-display text-lg tracking-wide">
          IRON<span className="text-amber-deep">WAKE</span>
        </p>
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-sm text-zinc-600">{subtitle}</p>
        {children}
      </div>
    </main>
  );
}

/** The second step of a password sign-in (docs/decisions/0056): a code of the authenticator app, or a recovery code. */
function CodeStep({ onBack }: { onBack: () => void }) {
  const verify = useCodeMutation();
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const pending = verify.isPending || verify.isSuccess;
  useEffect(() => input.current?.focus(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      toast({ title: 'Missing Code', description: 'Please enter the code from your authenticator app', variant: 'destructive' });
      return;
    }
    verify.mutate({ code: code.trim() }, { onError: () => setCode('') });
  };

  return (
    <Card title="Two-step sign-in" subtitle="Enter the 6-digit code from your authenticator app, or one of your recovery codes.">
      <form noValidate onSubmit={submit} className="mt-6 grid gap-4">
        <Field
          ref={input}
          id="admin-code"
          name="code"
          label="Code"
          autoComplete="one-time-code"
          inputMode="text"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" disabled={pending} className="mt-2 w-full">
          {pending ? 'Checking...' : 'Verify'}
        </Button>
        <Button type="button" variant="outline" onClick={onBack} className="w-full">
          Back to password
        </Button>
      </form>
    </Card>
  );
}

/** /admin/login (docs/product.md §2 "Admin sign-in"): the password, then a code when a second factor is set; or a passkey alone. */
export function LoginPage() {
  const [step, setStep] = useState<'password' | 'code'>('password');
  const login = useLogInMutation(() => setStep('code'));
  const passkey = usePasskeySignInMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const pending = (login.isPending || login.isSuccess) && step === 'password';

  if (step === 'code') {
    return (
      <CodeStep
        onBack={() => {
          login.reset();
          setPassword('');
          setStep('password');
        }}
      />
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      toast({ title: 'Missing Credentials', description: 'Please enter both username and password', variant: 'destructive' });
      return;
    }
    login.mutate({ username: username.trim(), password });
  };

  return (
    <Card title="Admin Login" subtitle="Access the order management dashboard">
      <form noValidate onSubmit={submit} className="mt-6 grid gap-4">
        <Field
          id="admin-username"
          name="username"
          label="Username"
          autoComplete="username webauthn"
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
      <div className="mt-6 border-t border-zinc-200 pt-6">
        <Button
          type="button"
          variant="outline"
          className="w-full"
          disabled={passkey.isPending || passkey.isSuccess}
          onClick={() => passkey.mutate()}
        >
          {passkey.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
        </Button>
      </div>
    </Card>
  );
}
