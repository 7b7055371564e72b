import { type FormEvent, useState } from 'react';
import { useSearchParams } from '../../app/router.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { useSetPasswordMutation } from '../staff/api/staff.ts';

const MIN_LENGTH = 10;

/** /admin/set-password?token=…: an invited member chooses a password from the owner's link (docs/decisions/0057). */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const set = useSetPasswordMutation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < MIN_LENGTH) return setProblem(`Use at least ${MIN_LENGTH} characters.`);
    if (password !== repeat) return setProblem('The two passwords are not the same.');
    setProblem(undefined);
    set.mutate({ token, password });
  };
  const failed = set.error ? errorMessage(set.error, 'The password could not be set. Please try again.', '4xx') : undefined;

  return (
    <main className="grid min-h-screen place-items-center px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm">
        <p className="font-display text-lg tracking-wide">
          IRON<span className="text-amber-deep">WAKE</span>
        </p>
        <h1 className="mt-4 text-2xl font-bold">Choose your password</h1>
        {set.isSuccess ? (
          <div role="status" className="mt-4 grid gap-4">
            <p>
              Your password is set. Sign in as <strong>{set.data.username}</strong>.
            </p>
            <a href="/admin/login" className={buttonVariants({})}>
              Go to Sign In
            </a>
          </div>
        ) : !token ? (
          <p role="alert" className="mt-4 text-red-700">
            This page needs the link the store’s owner gave you. Ask them for a new one.
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-zinc-600">At least {MIN_LENGTH} characters. The link works once, for 24 hours.</p>
            <form noValidate onSubmit={submit} className="mt-6 grid gap-4">
              <Field
                id="new-password"
                type="password"
                label="New password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={problem}
              />
              <Field
                id="repeat-password"
                type="password"
                label="The same password again"
                autoComplete="new-password"
                value={repeat}
                onChange={(e) => setRepeat(e.target.value)}
              />
              {failed ? (
                <p role="alert" className="text-sm font-semibold text-red-700">
                  {failed}
                </p>
              ) : null}
              <Button type="submit" disabled={set.isPending} className="w-full">
                {set.isPending ? 'Saving...' : 'Set Password'}
              </Button>
            </form>
          </>
        )}
      </div>
    </main>
  );
}
