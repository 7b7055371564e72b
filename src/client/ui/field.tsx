import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

export const inputClass =
  'mt-1 block w-full rounded-md border border-line bg-white px-3 py-2.5 text-base text-ink placeholder:text-muted/70 aria-[invalid=true]:border-danger';

/** A labelled input with its error below, linked for screen readers. */
export function Field({
  id,
  label,
  error,
  optional,
  className,
  ...input
}: ComponentProps<'input'> & { id: string; label: string; error?: string; optional?: boolean }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-bold">
        {label}
        {optional ? <span className="font-normal text-muted"> (optional)</span> : <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(inputClass)}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
