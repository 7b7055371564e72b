import { type FormEvent, useId, useRef, useState } from 'react';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { customerDataUrl } from './api/customer-data.ts';
import { EraseCustomerDialog } from './erase-customer-dialog.tsx';

/** A customer's "Download data" and "Erase…" (docs/decisions/0049). */
export function PrivacyActions({ email }: { email: string }) {
  const [erasing, setErasing] = useState(false);
  const fallback = useRef<HTMLAnchorElement>(null);
  return (
    <div className="flex flex-wrap gap-2">
      <a ref={fallback} href={customerDataUrl(email)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        Download data
      </a>
      <Button type="button" variant="outline" size="sm" onClick={() => setErasing(true)}>
        Erase…
      </Button>
      {erasing ? <EraseCustomerDialog email={email} onClose={() => setErasing(false)} fallbackFocus={fallback} /> : null}
    </div>
  );
}

/**
 * A request about any address, a customer of the list or not (someone who only reviewed, or left a
 * checkout): its data or its erasure.
 */
export function PrivacyRequest() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const valid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
  const check = (e?: FormEvent) => {
    e?.preventDefault();
    setError(valid ? null : 'Enter the customer’s e-mail address');
    if (!valid) input.current?.focus();
    return valid;
  };
  return (
    <form
      onSubmit={check}
      noValidate
      aria-label="Privacy request"
      className="grid gap-2 rounded-xl border border-zinc-200 bg-white p-4"
    >
      <label htmlFor={`${id}-email`} className="text-sm font-bold">
        Privacy request: a customer’s data or its erasure
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <input
          ref={input}
          id={`${id}-email`}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="customer@example.com"
          maxLength={254}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full flex-1 rounded-md border border-zinc-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-700"
        />
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            // The answer is an attachment: the browser saves it and stays on the page.
            onClick={() => check() && window.location.assign(customerDataUrl(email))}
          >
            Download data
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => check() && setErasing(true)}>
            Erase…
          </Button>
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      {erasing ? (
        <EraseCustomerDialog
          email={email.trim()}
          onClose={() => {
            setErasing(false);
          }}
        />
      ) : null}
    </form>
  );
}
