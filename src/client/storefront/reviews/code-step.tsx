import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { REVIEW_CODE_DIGITS } from '#shared/review-types.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';

/**
 * The second step of verification: the 6-digit code the store e-mailed to `sentTo`. `onCheck`
 * resolves to why a code was refused (shown under the field), or null.
 */
export function CodeStep({
  id,
  sentTo,
  checking,
  onCheck,
  onResend,
}: {
  id: string;
  sentTo: string;
  checking: boolean;
  onCheck(code: string): Promise<string | null>;
  onResend(): void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);

  // The shopper's next move is to type the code.
  useEffect(() => {
    input.current?.focus();
  }, []);

  const check = async () => {
    if (code.length !== REVIEW_CODE_DIGITS) {
      toast({ title: 'Code Required', description: 'Please enter the 6-digit code we e-mailed you.', variant: 'destructive' });
      return;
    }
    setError((await onCheck(code)) ?? undefined);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault(); // Enter checks the code, it does not submit the review
    if (!checking) void check();
  };

  return (
    <div className="mt-4 rounded-lg border border-line bg-paper p-4">
      <p className="text-sm" id={`${id}-hint`}>
        We sent a 6-digit code to <strong className="break-all">{sentTo}</strong>. It expires in 15 minutes.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          ref={input}
          id={id}
          className="sm:w-56"
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          value={code}
          onKeyDown={onKey}
          onChange={(e) => {
            setCode(e.target.value.replace(/\D/g, '').slice(0, REVIEW_CODE_DIGITS));
            setError(undefined);
          }}
        />
        <Button variant="primary" onClick={() => void check()} disabled={checking}>
          {checking ? 'Checking...' : 'Confirm Code'}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-muted">
        No e-mail? Check your spam folder, or{' '}
        <button type="button" onClick={onResend} disabled={checking} className="font-bold text-ink underline underline-offset-2">
          send a new code
        </button>
        .
      </p>
    </div>
  );
}
